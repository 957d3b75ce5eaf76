// @headwater/swat — the public surface. Each area keeps its own barrel.
export * from './txtinout/index.ts';
export * from './output/index.ts';
export * from './engine/index.ts';
export * from './post/index.ts';
export * from './hru/index.ts';
export * from './calibration/index.ts';
