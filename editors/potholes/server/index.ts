// The server half of the pothole editor (spec 2 §4 'Pothole variables'): the schema platform-api
// checks every saved Potholes change against (only the sent variables), the text of a change, the
// spec's `GET scenarios/subbasin/potholes/{scenarioID}/`, and `apply`, which writes the variables
// into the selected HRUs' .hru files at run time. The built-in engine simulates the potholes as
// SWAT's pothole.f does (swat/src/engine/hru.ts `pothole`).
import { defineEditorServer, idParam, scenarioState, type ApplyContext } from '@headwater/plugin-sdk/server';
import type { Hru } from '@headwater/swat/txtinout/types.ts';
import pkg from '../package.json' with { type: 'json' };
import { describePotholes, POTHOLE_VARIABLES, schema, type PotholesChange } from '../src/schema.ts';

/** Writes one change's variables into an HRU's .hru (numbers within their range only). */
export function setPotholeVariables(hru: Hru, change: PotholesChange): void {
  for (const v of POTHOLE_VARIABLES) {
    const x = change[v.name];
    if (typeof x !== 'number' || !Number.isFinite(x) || x < v.min || x > v.max) continue;
    (hru as unknown as Record<string, number>)[v.name] = x;
  }
}

/** Writes the saved changes, oldest first: a later change wins for the variables it sends. */
export function applyPotholes({ changes, hrusOf }: ApplyContext<PotholesChange>): void {
  for (const change of changes) {
    for (const { hru } of hrusOf(change)) if (hru.hru) setPotholeVariables(hru.hru, change.modificationObject);
  }
}

export default defineEditorServer(pkg, {
  schema,
  describe: describePotholes,
  apply: applyPotholes,
  routes: [
    {
      // Spec 2 §7: 'GET scenarios/subbasin/potholes/{scenarioID}/ (mods)' — the scenario's state, its
      // saved changes and the variables' definitions.
      method: 'GET',
      path: '/scenarios/subbasin/potholes/:scenarioID',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        return {
          ...(await scenarioState(platform, id, pkg.headwater.modTable)),
          definitions: POTHOLE_VARIABLES.map((v) => ({ name: v.name, description: v.description, units: v.unit, minValue: v.min, maxValue: v.max, default: 0 })),
        };
      },
    },
  ],
});

