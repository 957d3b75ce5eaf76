export * from './filters.ts';
export * from './separate.ts';
