// The server half of the Calibration editor (spec 2 §2 '.../calibration', §3 'Calibration', §7
// 'GET and POST scenarios/general/calibration/{scenarioID}; POST body ignoreCalibration,
// customCalibrationID'): the page's data — whether calibration is ignored, the dataset's
// calibration options with their changes, watersheds, location points and page text — and the
// choice. `apply` writes the chosen option's changes (V value, A amount added, % percentage of
// baseline) into the files they name at run time.
import { defineEditorServer, idParam, InputError, scenarioSummary, type ApplyContext, type PlatformServices, type ScenarioCalibrations } from '@headwater/plugin-sdk/server';
import pkg from '../package.json' with { type: 'json' };
import { applyMods, modProblems, optionColumns, type CalibrationOption } from '../src/mods.ts';
import { CALIBRATION_MESSAGES, describeCalibration, schema, type CalibrationChange } from '../src/schema.ts';

const MOD_TABLE = pkg.headwater.modTable;

/** The dataset's calibrations that ship a valid option. */
export function optionsOf(data: ScenarioCalibrations): (ScenarioCalibrations['calibrations'][number] & { option: CalibrationOption })[] {
  return data.calibrations.filter((c): c is typeof c & { option: CalibrationOption } => {
    const o = c.option as CalibrationOption | null;
    return !!o && typeof o === 'object' && modProblems(o.mods).length === 0 && o.mods.length > 0;
  });
}

async function calibrationsOf(platform: PlatformServices, id: number): Promise<ScenarioCalibrations> {
  // a platform without the service has no calibration data to offer
  return platform.scenarios.calibrations ? platform.scenarios.calibrations(id) : { pageText: '', calibrations: [] };
}

/** The page's answer (spec 2 §3 'Calibration'). */
export function calibrationAnswer(data: ScenarioCalibrations, mods: { id: number; modificationObject: unknown }[]) {
  const options = optionsOf(data);
  const saved = mods.at(-1)?.modificationObject as Partial<CalibrationChange> | undefined;
  const watersheds = data.calibrations.map((c) => ({ id: c.id, name: c.name, description: c.description, group: c.group, hasOption: options.some((o) => o.id === c.id) }));
  const locationPoints = data.calibrations.flatMap((c) => c.locationPoints.map((p) => ({ ...p, calibrationID: c.id, calibration: c.name })));
  return {
    ignoreCalibration: !saved,
    customCalibrationID: saved?.customCalibrationID ?? null,
    calibrationOptions: options.map((o) => ({ value: o.id, text: o.option.name })),
    calibrationData: Object.fromEntries(
      options.map((o) => [
        o.id,
        {
          name: o.option.name,
          description: o.option.description ?? '',
          source: o.option.source ?? '',
          fit: o.option.fit ?? null,
          mods: o.option.mods,
          ...optionColumns(o.option.mods),
          watersheds: watersheds.filter((w) => w.id === o.id),
          locationPoints: locationPoints.filter((p) => p.calibrationID === o.id),
          pageText: data.pageText,
        },
      ]),
    ),
    watersheds,
    locationPoints,
    pageText: data.pageText,
    hasCalibrationData: options.length > 0,
    changes: { hasChanges: !!saved, modID: mods.at(-1)?.id ?? null },
  };
}

/** Writes the chosen option's changes (the newest saved change: the table holds one). */
export function applyCalibration({ project, changes, hrusOf }: ApplyContext<CalibrationChange>): void {
  const change = changes.at(-1);
  if (!change) return;
  const mods = change.modificationObject.mods ?? [];
  if (modProblems(mods).length) return; // platform-api checked it on save; a hand-edited row must not write garbage
  applyMods(project, mods, (subbasins, landuses) =>
    hrusOf({ ...change, applyToAll: subbasins.length === 0 && landuses.length === 0, subbasins, landuses, soils: [], slopes: [] }),
  );
}

export default defineEditorServer(pkg, {
  schema,
  describe: describeCalibration,
  apply: applyCalibration,
  routes: [
    {
      method: 'GET',
      path: '/scenarios/general/calibration/:scenarioID',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        const scenario = scenarioSummary(await platform.scenarios.get(id));
        const [data, mods] = await Promise.all([calibrationsOf(platform, id), platform.scenarios.getMods(id, MOD_TABLE)]);
        return {
          scenario,
          ...calibrationAnswer(data, mods),
        };
      },
    },
    {
      // body { ignoreCalibration, customCalibrationID }: ignoring removes the scenario's choice;
      // an option of the scenario's dataset is kept as the table's one change, with its changes
      method: 'POST',
      path: '/scenarios/general/calibration/:scenarioID',
      access: 'user',
      async handler({ params, body, platform }) {
        const id = idParam(params.scenarioID);
        const b = (body ?? {}) as { ignoreCalibration?: unknown; customCalibrationID?: unknown };
        if (typeof b.ignoreCalibration !== 'boolean') throw new InputError({ ignoreCalibration: ['Required'] });
        if (b.ignoreCalibration) {
          await platform.scenarios.get(id);
          await platform.scenarios.deleteModType(id, MOD_TABLE);
          return { value: true, ignoreCalibration: true };
        }
        const wanted = Number(b.customCalibrationID);
        if (b.customCalibrationID === undefined || b.customCalibrationID === null || b.customCalibrationID === '') throw new InputError({ customCalibrationID: [CALIBRATION_MESSAGES.pick] });
        const option = optionsOf(await calibrationsOf(platform, id)).find((o) => o.id === wanted);
        if (!option) throw new InputError({ customCalibrationID: [CALIBRATION_MESSAGES.notAnOption] });
        const change: CalibrationChange = { customCalibrationID: option.id, name: option.option.name, mods: option.option.mods };
        const saved = await platform.scenarios.replaceMods(id, MOD_TABLE, { applyToAll: true, modificationObject: change });
        return { value: true, id: saved.id, ignoreCalibration: false, customCalibrationID: option.id };
      },
    },
  ],
});
