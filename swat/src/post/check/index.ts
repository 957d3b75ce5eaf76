export * from './files.ts';
export * from './types.ts';
export * from './swat-check.ts';
