export * from './files.ts';
export * from './swat-check.ts';
