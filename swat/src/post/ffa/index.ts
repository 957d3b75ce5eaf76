export * from './special.ts';
export * from './b17b.ts';
export * from './annual-maxima.ts';
export * from './ema.ts';
export * from './mgbt.ts';
