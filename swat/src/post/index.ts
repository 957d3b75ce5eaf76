// barrel of swat/src/post — output-tool algorithms (flood frequency, baseflow separation,
// CE-QUAL-W2 inflow files, SWAT Check)
export * from './ffa/index.ts';
export * from './baseflow/index.ts';
export * from './cequal/index.ts';
export * from './check/index.ts';
export * from './csv.ts';
export * from './run-dir.ts';
export * from './series.ts';
export * from './fit.ts';
