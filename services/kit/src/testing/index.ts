export * from './fault-proxy.ts';
export * from './infra.ts';
export * from './loopback-only.ts';
export * from './otlp-receiver.ts';
export * from './ports.ts';
export * from './test-infrastructure.ts';
