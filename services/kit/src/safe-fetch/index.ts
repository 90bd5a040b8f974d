export * from './address.ts';
export * from './errors.ts';
export * from './fetch.ts';
export * from './url.ts';
