export * from './fault-proxy.ts';
export * from './infra.ts';
export * from './loopback-only.ts';
export * from './test-infrastructure.ts';
