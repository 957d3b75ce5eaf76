// Types of engine.js (the engine's package export): those of the sources.
export * from './src/engine/index.ts';
