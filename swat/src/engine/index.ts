// @headwater/swat engine: the built-in SWAT2012-style daily simulation.
// runSimulation(dir) reads a TxtInOut folder, simulates and writes output.std/.rch/.sub/.hru
// the way file.cio asks. See swat/README-engine.md for what is modelled.
export { runSimulation, simulateProject } from './run.ts';
export type { RunOptions, RunSummary } from './run.ts';
export { loadProject, fromSwatProject, InputError } from './adapter.ts';
export type { LoadOptions } from './adapter.ts';
export type { Project } from './project.ts';
export { SimulationError } from './guard.ts';
