// The server half of the curve number editor (spec 2 §4 'Curve number: one percent change of
// CN2'): the schema platform-api checks every saved Cn2Percent change against, the text of a
// change in the saved-changes table, the spec's `GET scenarios/subbasin/cn2/{scenarioID}`, and
// `apply`, which writes the changes into the HRUs' .mgt files at run time.
import { defineEditorServer, idParam, scenarioState, type ApplyContext } from '@headwater/plugin-sdk/server';
import type { Mgt } from '@headwater/swat/txtinout/types.ts';
import pkg from '../package.json' with { type: 'json' };
import { schema, type Cn2Change } from '../src/schema.ts';

/** SWAT's valid curve number range. SWAT itself holds CN2 and every CNOP to it when it reads
 * them (readmgt.f, curno.f; the built-in engine too, swat/src/engine/model.ts), so a change
 * that leaves it would be cut there anyway: the written file says what SWAT simulates. */
export const CN_MIN = 35;
export const CN_MAX = 98;

/** ArcSWAT writes CN2 with two decimals, and CNOP sits in f5.2 / f8.3 columns of the operation
 * lines: two decimals keep a changed value readable by SWAT's fixed formats. */
const round2 = (x: number) => Math.round(x * 100) / 100;

/** A curve number scaled by `percent` and kept within SWAT's range. */
export function scaleCn(cn: number, percent: number): number {
  return Math.min(CN_MAX, Math.max(CN_MIN, round2(cn * (1 + percent / 100))));
}

/** Scales CN2 and every operation's non-zero CNOP of one .mgt (a zero CNOP means 'keep the
 * current CN' in SWAT, so it stays zero). */
export function scaleMgt(mgt: Mgt, percent: number): void {
  mgt.CN2 = scaleCn(mgt.CN2, percent);
  for (const op of mgt.operations) {
    if ('CNOP' in op && op.CNOP !== 0) op.CNOP = scaleCn(op.CNOP, percent);
  }
}

/** Writes the saved changes: oldest first, each scales the CN of the HRUs it selects, so two
 * changes over the same HRU compound (+10 % then +5 % is ×1.1×1.05, each step within 35–98). */
export function applyCn2({ changes, hrusOf }: ApplyContext<Cn2Change>): void {
  for (const change of changes) {
    const percent = Number(change.modificationObject.value);
    // platform-api refuses anything else on save; a row edited by hand must not write NaN
    if (!Number.isFinite(percent) || percent === 0) continue;
    for (const { hru } of hrusOf(change)) if (hru.mgt) scaleMgt(hru.mgt, percent);
  }
}

const describeCn2 = (m: Cn2Change) => `${m.value > 0 ? '+' : ''}${m.value}%`;

export default defineEditorServer(pkg, {
  schema,
  describe: describeCn2,
  apply: applyCn2,
  routes: [
    {
      // Spec 2 §7: what the curve number page loads — the scenario's state and its saved
      // changes, each with its table text ('+10%'). The SDK's EditorPage reads the same list
      // from GET scenarios/getmods/{scenarioID}/Cn2Percent.
      method: 'GET',
      path: '/scenarios/subbasin/cn2/:scenarioID',
      access: 'user',
      async handler({ params, platform }) {
        return scenarioState(platform, idParam(params.scenarioID), pkg.headwater.modTable);
      },
    },
  ],
});
