// `req.platform.outputs`: the output tools' server halves read a scenario's outputs through these,
// acting as the request's user (every call checks access to the scenario).
import type { OutputServices } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { User } from '../users/models.ts';
import { catalogue, observed, requestCache, scenarioSummary, series, values } from './service.ts';

/** One per request (platformServices is): what the request read is read once. */
export function outputServices(deps: AppDeps, who: () => User): OutputServices {
  const cache = requestCache();
  return {
    catalogue: (scenarioId) => catalogue(deps, who(), scenarioId, cache),
    scenario: (scenarioId) => scenarioSummary(deps, who(), scenarioId, cache),
    series: (scenarioId, request) => series(deps, who(), scenarioId, request, cache),
    values: (scenarioId, request) => values(deps, who(), scenarioId, request, cache),
    observed: (scenarioId, request) => observed(deps, who(), scenarioId, request, cache),
  };
}
