// Calibration of a SWAT project against observed flow (issue 24): objectives, Latin hypercube
// sampling, SUFI-2 and batched DDS, the parameter catalogue and the parameter changes (mods).
export * from './algorithm.ts';
export * from './dds.ts';
export * from './lhs.ts';
export * from './mods.ts';
export * from './objectives.ts';
export * from './parameters.ts';
export * from './random.ts';
export * from './sufi2.ts';
