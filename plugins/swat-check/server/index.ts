/// <reference types="node" />
// SWAT Check's server half (spec 2 §7 `GET scenarios/output/swatcheckoptions/{scenarioID}` and
// `GET scenarios/output/swatcheck/{scenarioID}/{subbasinId or 0}`). The check itself runs on the
// workers (job `swat-check`): @headwater/swat's `loadCheckInputs` + `swatCheck` — what
// `hw-swat check` runs — over the scenario files (output.std and the output files of the run).
// A result is cached with the scenario's outputs (the cache goes when they change).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { definePluginServer, idParam, InputError, isDomainError, NotFoundError, type JobProcessor } from '@headwater/plugin-sdk/server';
import { loadCheckInputs, swatCheck, type CheckInputs } from '@headwater/swat/post/check/index.ts';
import { loadCheckInputsParallel } from './inputs.ts';
import pkg from '../package.json' with { type: 'json' };

export const SWAT_CHECK_QUEUE = 'swat-check';
export const SWAT_CHECK_MESSAGES = {
  /** Ours: the run's files cannot be checked (no output.std...). */
  unreadable: 'SWAT Check could not read the outputs of this scenario run.',
} as const;

type CheckJob = { scenarioId: number; runDir: string; cacheDir: string; subbasin: number; lastRunDate: string | null };

/** Runs SWAT Check on a run folder (whole watershed with subbasin 0), as `hw-swat check` does. */
export function checkRun(runDir: string, subbasin: number) {
  return swatCheck(loadCheckInputs(runDir), { subbasin });
}

/** The inputs of the last runs checked on this worker (a subbasin after the watershed is quick). */
const recent = new Map<string, Promise<CheckInputs>>();
function inputsOf(runDir: string, lastRunDate: string | null): Promise<CheckInputs> {
  const key = `${runDir}|${lastRunDate ?? ''}`;
  let p = recent.get(key);
  if (!p) {
    p = loadCheckInputsParallel(runDir);
    p.catch(() => recent.delete(key));
    recent.set(key, p);
    while (recent.size > 2) recent.delete(recent.keys().next().value!);
  }
  return p;
}

/** The `swat-check` job: a cached result, or the check of the scenario files. */
export const swatCheckJob: JobProcessor = async (job) => {
  const d = job.data as CheckJob;
  const key = `${(d.lastRunDate ?? 'run').replace(/[^0-9A-Za-z]/g, '')}-${d.subbasin}.json`;
  const cached = join(d.cacheDir, key);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8'));
  let result;
  try {
    result = swatCheck(await inputsOf(d.runDir, d.lastRunDate), { subbasin: d.subbasin });
  } catch (err) {
    // the model kit's own wording, without the server's paths
    const text = err instanceof Error ? err.message.split(d.runDir).join('the scenario files') : '';
    throw new Error(err instanceof RangeError ? `${SWAT_CHECK_MESSAGES.unreadable} ${text}` : SWAT_CHECK_MESSAGES.unreadable);
  }
  mkdirSync(d.cacheDir, { recursive: true });
  writeFileSync(`${cached}.tmp`, JSON.stringify(result));
  renameSync(`${cached}.tmp`, cached);
  return result;
};

export default definePluginServer({
  id: pkg.headwater.id,
  routes: [
    {
      method: 'GET',
      path: '/scenarios/output/swatcheckoptions/:scenarioID',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        const scenario = await platform.scenarios.get(id);
        const subbasins = await platform.customOutputs.subbasins(id);
        return { scenario: { id: scenario.id, projectID: scenario.projectId, name: scenario.name, hasRun: scenario.hasRun, isRunning: scenario.isRunning }, subbasins };
      },
    },
    {
      method: 'GET',
      path: '/scenarios/output/swatcheck/:scenarioID/:subbasinID',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        const subbasinId = idParam(params.subbasinID);
        let number = 0;
        if (subbasinId !== 0) {
          const sub = (await platform.customOutputs.subbasins(id)).find((s) => s.id === subbasinId);
          if (!sub) throw new NotFoundError();
          number = sub.number;
        }
        try {
          return await platform.customOutputs.compute(id, SWAT_CHECK_QUEUE, { subbasin: number });
        } catch (err) {
          if (isDomainError(err)) throw err; // no access, not run, the check's own message...
          throw new InputError(SWAT_CHECK_MESSAGES.unreadable); // no answer from the workers
        }
      },
    },
  ],
  jobs: { [SWAT_CHECK_QUEUE]: swatCheckJob },
});
