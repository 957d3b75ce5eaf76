// `@headwater/swat/engine/index.ts` for the platform (package.json exports): the engine's public
// surface, from the precompiled build when it is fresh (dist-loader.js), else from the sources.
// Types come from src/engine/index.ts (the export's `types` condition).
import { moduleUrl } from './dist-loader.js';

const m = await import(moduleUrl('engine/index'));
export const { runSimulation, simulateProject, loadProject, fromSwatProject, InputError, SimulationError } = m;
