/// <reference types="node" />
// The server half of the calibration runs (issue 24; contract routes 1–8): validates the bodies
// with the rules the pages use (../src/request.ts) and calls the platform's calibration service
// (`platform.calibrationRuns`: requests, child jobs on the workers, results; the CSV downloads,
// route 9, are the platform's own `exports/calibration/...`).
import { definePluginServer, idParam, InputError, NotFoundError, type CalibrationRunServices, type PlatformServices } from '@headwater/plugin-sdk/server';
import { CALIBRATION_MESSAGES, calibrationRequestProblems, parseObservedCsv, type CalibrationPageData, type CalibrationRequestBody } from '../src/request.ts';

const TOOL = 'calibration-runs';

function service(platform: PlatformServices): CalibrationRunServices {
  // a platform without calibration runs: the routes do not exist there
  if (!platform.calibrationRuns) throw new NotFoundError();
  return platform.calibrationRuns;
}

export default definePluginServer({
  id: TOOL,
  routes: [
    {
      method: 'GET',
      path: '/scenarios/output/calibration/:scenarioID',
      access: 'user',
      handler: ({ params, platform }) => service(platform).page(idParam(params.scenarioID)),
    },
    {
      method: 'POST',
      path: '/scenarios/output/calibration/:scenarioID',
      access: 'user',
      async handler({ params, body, platform }) {
        const id = idParam(params.scenarioID);
        const page = (await service(platform).page(id)) as CalibrationPageData;
        // the scenario's gates first (as the custom outputs answer them), then the form
        if (page.scenario.isRunning) throw new InputError('This scenario is running. Calibrations can start when the run ends.');
        if (!page.scenario.hasRun) throw new InputError(CALIBRATION_MESSAGES.notRun);
        const errors = calibrationRequestProblems(body, page);
        if (Object.keys(errors).length) throw new InputError(errors);
        const b = body as CalibrationRequestBody;
        let observed: Parameters<CalibrationRunServices['submit']>[1]['observed'];
        if ('gaugeID' in b.observed) observed = { gaugeID: b.observed.gaugeID };
        else {
          const parsed = parseObservedCsv(b.observed.csv);
          if ('error' in parsed) throw new InputError({ observed: [parsed.error] });
          observed = { dates: parsed.dates, values: parsed.values, units: b.observed.units };
        }
        return service(platform).submit(id, {
          name: b.name.trim(),
          observed,
          reach: b.reach,
          calibrationPeriod: { start: b.calibrationPeriod.start, end: b.calibrationPeriod.end },
          validationPeriod: b.validationPeriod ? { start: b.validationPeriod.start, end: b.validationPeriod.end } : null,
          objective: b.objective,
          pbiasBound: b.pbiasBound ?? null,
          algorithm: b.algorithm,
          runsPerIteration: b.runsPerIteration,
          iterations: b.iterations,
          seed: b.seed,
          parameters: b.parameters.map((p) => ({
            variable: p.variable,
            file: p.file,
            type: p.type,
            min: p.min,
            max: p.max,
            ...(p.landuses?.length ? { landuses: [...p.landuses] } : {}),
            ...(p.subbasins?.length ? { subbasins: [...p.subbasins] } : {}),
          })),
        });
      },
    },
    {
      method: 'GET',
      path: '/scenarios/output/calibration/request/:requestID',
      access: 'user',
      handler: ({ params, platform }) => service(platform).result(idParam(params.requestID)),
    },
    {
      method: 'GET',
      path: '/scenarios/output/calibration/request/:requestID/status',
      access: 'user',
      handler: ({ params, platform }) => service(platform).status(idParam(params.requestID)),
    },
    {
      method: 'DELETE',
      path: '/scenarios/output/calibration/request/:requestID',
      access: 'user',
      handler: ({ params, platform }) => service(platform).remove(idParam(params.requestID)),
    },
    {
      method: 'POST',
      path: '/scenarios/output/calibration/request/:requestID/abort',
      access: 'user',
      handler: ({ params, platform }) => service(platform).abort(idParam(params.requestID)),
    },
    {
      method: 'POST',
      path: '/scenarios/output/calibration/request/:requestID/scenario',
      access: 'user',
      handler: ({ params, body, platform }) => service(platform).createScenario(idParam(params.requestID), (body as { name?: unknown } | null)?.name),
    },
    {
      method: 'POST',
      path: '/scenarios/output/calibration/request/:requestID/option',
      access: 'user',
      handler: ({ params, body, platform }) => service(platform).saveOption(idParam(params.requestID), (body as { name?: unknown } | null)?.name),
    },
  ],
});
