// `req.platform.calibrationRuns` (plugin-sdk/src/server/calibration-runs.ts): what the plugin's
// server half may ask, acting as the request's user (every call checks access).
import type { CalibrationRunServices } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { User } from '../users/models.ts';
import { abort, createScenario, pageData, remove, result, saveOption, status, submit } from './service.ts';

export function calibrationRunServices(deps: AppDeps, who: () => User): CalibrationRunServices {
  return {
    page: (scenarioId) => pageData(deps, who(), scenarioId),
    submit: (scenarioId, s) => submit(deps, who(), scenarioId, s),
    result: (requestId) => result(deps, who(), requestId),
    status: (requestId) => status(who(), requestId),
    remove: (requestId) => remove(deps, who(), requestId),
    abort: (requestId) => abort(deps, who(), requestId),
    createScenario: (requestId, name) => createScenario(deps, who(), requestId, name),
    saveOption: (requestId, name) => saveOption(deps, who(), requestId, name),
  };
}
