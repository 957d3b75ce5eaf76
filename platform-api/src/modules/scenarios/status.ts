// Scenario run status and live progress (spec 2 §4, §7 'Live status'): the flags and the last
// progress live on the scenario row (GET scenarios/{id} answers them after a reload) and every
// change is pushed to room `scenario:{id}` as `scenario-status`.
import type { AppDeps } from '../../deps.ts';
import { Scenario } from './models.ts';

export const SCENARIO_STATUS_EVENT = 'scenario-status';
export const RUN_ERROR_MESSAGE = 'An error occurred while running your scenario.';

export function scenarioRoom(id: number): string {
  return `scenario:${id}`;
}

type Flags = Partial<Pick<Scenario, 'isRunning' | 'hasRun' | 'hasError' | 'exceptionMessage' | 'hasFiles' | 'hasDebugFiles' | 'runtime' | 'lastRunDate' | 'runSummary' | 'pathName' | 'abortRequested'>>;

/** Stores (unless `store` is false) and pushes progress (percent 0–100 and a message). */
export async function reportScenarioProgress(deps: Pick<AppDeps, 'bus'>, id: number, percent: number, message: string, flags: Flags = {}, store = true): Promise<void> {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  const cols = ['projectId', 'isRunning', 'hasRun', 'hasError'] as const;
  // one round trip: the update answers with what the push needs
  const s = store
    ? ((await Scenario.query().patch({ currentProgress: p, statusMessage: message, ...flags }).where('id', id).returning([...cols])) as unknown as Scenario[])[0]
    : await Scenario.query().findById(id).select(...cols);
  if (!s) return;
  await deps.bus.publish(scenarioRoom(id), SCENARIO_STATUS_EVENT, {
    scenarioID: id,
    projectID: s.projectId,
    progress: p,
    message,
    isRunning: s.isRunning,
    hasRun: s.hasRun,
    hasError: s.hasError,
  });
}
