// The server half of the sediment routing editor (spec 2 §4 'Sediment routing'): the schema
// platform-api checks every saved RteChEqn change against, the text of a change, the spec's
// `GET scenarios/subbasin/sedimentrouting/{scenarioID}`, and `apply`, which writes CH_EQN into the
// .rte files of the selected subbasins' reaches at run time. The built-in engine routes each
// option as SWAT2012 does (swat/src/engine/route.ts).
import { defineEditorServer, idParam, scenarioState, type ApplyContext } from '@headwater/plugin-sdk/server';
import type { SwatProject } from '@headwater/swat/txtinout/types.ts';
import pkg from '../package.json' with { type: 'json' };
import { CH_EQN_OPTIONS, describeChEqn, schema, type RteChEqnChange } from '../src/schema.ts';

/** Sets CH_EQN of the reaches of `subbasins` (fig.fig: a subbasin's reach has its number). */
export function setChEqn(project: SwatProject, subbasins: Set<number>, value: number): number {
  let n = 0;
  for (const r of project.reaches) {
    if (!subbasins.has(r.number) || !r.rte) continue;
    r.rte.CH_EQN = value;
    n++;
  }
  return n;
}

/** Writes the saved changes, oldest first: where two cover the same subbasin the later one wins. */
export function applyChEqn({ project, changes, subbasinsOf }: ApplyContext<RteChEqnChange>): void {
  for (const change of changes) {
    const value = Number(change.modificationObject.value);
    // platform-api refuses anything else on save; a row edited by hand must not write a bad code
    if (!CH_EQN_OPTIONS.some((o) => o.value === value)) continue;
    setChEqn(project, new Set(subbasinsOf(change).map((s) => s.number)), value);
  }
}

export default defineEditorServer(pkg, {
  schema,
  describe: describeChEqn,
  apply: applyChEqn,
  routes: [
    {
      // Spec 2 §7: what the page loads — the scenario's state, its saved changes (each with its
      // table text, '2 Kodatie') and the options. The SDK's EditorPage reads the same list from
      // GET scenarios/getmods/{scenarioID}/RteChEqn.
      method: 'GET',
      path: '/scenarios/subbasin/sedimentrouting/:scenarioID',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        return {
          ...(await scenarioState(platform, id, pkg.headwater.modTable)),
          options: CH_EQN_OPTIONS.map((o) => ({ value: o.value, text: o.label })),
        };
      },
    },
  ],
});
