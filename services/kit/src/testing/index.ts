export * from './infra.ts';
export * from './test-infrastructure.ts';
