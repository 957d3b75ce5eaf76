// `req.platform.outputs`: the output tools' server halves read a scenario's outputs through these,
// acting as the request's user (every call checks access to the scenario).
import type { OutputServices } from '@headwater/plugin-sdk/server/outputs.ts';
import type { AppDeps } from '../../deps.ts';
import type { User } from '../users/models.ts';
import { catalogue, observed, scenarioSummary, series, values } from './service.ts';

export function outputServices(deps: AppDeps, who: () => User): OutputServices {
  return {
    catalogue: (scenarioId) => catalogue(deps, who(), scenarioId),
    scenario: (scenarioId) => scenarioSummary(deps, who(), scenarioId),
    series: (scenarioId, request) => series(deps, who(), scenarioId, request),
    values: (scenarioId, request) => values(deps, who(), scenarioId, request),
    observed: (scenarioId, request) => observed(deps, who(), scenarioId, request),
  };
}
