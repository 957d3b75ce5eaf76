// `req.platform.customOutputs`: what output tools' server halves may ask of the platform, acting
// as the request's user (every call checks access to the scenario or request).
import type { CustomOutputServices } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { User } from '../users/models.ts';
import { scenarioFor } from '../scenarios/service.ts';
import { computeOnWorkers, getRequest, pageData, projectSubbasins, readRequestFile, submitRequest } from './service.ts';

export function customOutputServices(deps: AppDeps, who: () => User): CustomOutputServices {
  return {
    page: (scenarioId, tool) => pageData(deps, who(), scenarioId, tool),
    submit: (scenarioId, submission) => submitRequest(deps, who(), scenarioId, submission),
    get: (requestId) => getRequest(deps, who(), requestId),
    readFile: (requestId, name) => readRequestFile(deps, who(), requestId, name),
    async subbasins(scenarioId) {
      const { project } = await scenarioFor(who(), scenarioId);
      return projectSubbasins(deps.db, project.id);
    },
    compute: (scenarioId, queue, data) => computeOnWorkers(deps, who(), scenarioId, queue, data),
  };
}
