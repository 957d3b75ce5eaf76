export * from './w2file.ts';
export * from './swat2w2.ts';
