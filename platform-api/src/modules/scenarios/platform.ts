// The services plugin server halves reach through `req.platform` (plugin-sdk ServerRequest):
// the scenario change store and the dataset's basin-wide inputs, acting as the request's user.
import type { PlatformServices } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import { NotSignedInError } from '@headwater/plugin-sdk/server';
import { customOutputServices } from '../custom-outputs/platform.ts';
import { calibrationRunServices } from '../calibration-runs/platform.ts';
import { Calibration, CalibrationGroup, CalibrationSite, Dataset } from '../datasets/models.ts';
import { outputServices } from '../outputs/platform.ts';
import type { User } from '../users/models.ts';
import { deleteModType, deleteScenarioMod, getMods, replaceMods, replaceSomeMods, saveMod, scenarioHrus, scenarioLandUses } from './mods.ts';
import { isoDate, scenarioFor } from './service.ts';
import { scenarioHruInputs } from './hru-inputs.ts';

export function platformServices(deps: AppDeps, user: User | undefined): PlatformServices {
  const who = (): User => {
    if (!user) throw new NotSignedInError();
    return user;
  };
  return {
    scenarios: {
      async get(id) {
        const { scenario, project } = await scenarioFor(who(), id);
        return {
          id: scenario.id, projectId: project.id, datasetId: project.datasetId, isRunning: scenario.isRunning, hasRun: scenario.hasRun, name: scenario.name,
          startingSimulationDate: isoDate(scenario.startingSimulationDate) ?? undefined, endingSimulationDate: isoDate(scenario.endingSimulationDate) ?? undefined,
        };
      },
      getMods: (id, modType) => getMods(deps, who(), id, modType),
      saveMod: (id, modType, body) => saveMod(deps, who(), id, modType, body),
      replaceMods: (id, modType, body) => replaceMods(deps, who(), id, modType, body),
      deleteModType: (id, modType) => deleteModType(deps, who(), id, modType),
      async datasetInputs(id) {
        const { project } = await scenarioFor(who(), id);
        const row = project.datasetId ? await Dataset.query().findById(project.datasetId).select('swat') : undefined;
        const swat = (row?.swat ?? {}) as Record<string, any>;
        return { cio: swat.cio ?? {}, bsn: swat.bsn ?? {}, databases: swat.databases ?? {}, ...(Array.isArray(swat.iclus) ? { iclus: swat.iclus } : {}) };
      },
      deleteMod: (id, modId) => deleteScenarioMod(deps, who(), id, modId),
      replaceSomeMods: (id, modType, only, body) => replaceSomeMods(deps, who(), id, modType, only, body),
      hrus: (id) => scenarioHrus(deps, who(), id),
      landUses: (id) => scenarioLandUses(deps, who(), id),
      hruInputs: (id, hruIds) => scenarioHruInputs(deps, who(), id, hruIds),
      async calibrations(id) {
        // the calibrated watersheds of the project's dataset (editors/calibration)
        const { project } = await scenarioFor(who(), id);
        if (!project.datasetId) return { pageText: '', calibrations: [] };
        const ds = await Dataset.query().findById(project.datasetId).select('calibrationPageText');
        // options saved from a calibration request (calibration-runs) are offered to their owner only
        const me = who().id;
        const cals = await Calibration.query()
          .where('datasetId', project.datasetId)
          .where((q) => q.whereNull('userId').orWhere('userId', me))
          .withGraphFetched('[group, sites]').orderBy([{ column: 'sortOrder' }, { column: 'id' }]);
        return {
          pageText: ds?.calibrationPageText ?? '',
          calibrations: cals.map((c) => {
            const x = c as Calibration & { group?: CalibrationGroup; sites?: CalibrationSite[] };
            return {
              id: c.id, name: c.name, description: c.description, group: x.group?.name ?? '', option: c.parameters ?? null,
              locationPoints: [...(x.sites ?? [])].sort((a, b) => a.id - b.id).map((s) => ({ number: s.number, name: s.name, isUsgsSite: s.isUsgsSite, lat: s.lat, lng: s.lon, data: s.data })),
            };
          }),
        };
      },
    },
    customOutputs: customOutputServices(deps, who),
    calibrationRuns: calibrationRunServices(deps, who),
    outputs: outputServices(deps, who),
  };
}
