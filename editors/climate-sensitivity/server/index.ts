// The server half of climate sensitivity: platform-api checks every saved ClimateSensitivity change
// against the form's schema; at run time `apply` writes RFINC (and TMPINC when sent) into the
// monthly climate-change arrays of the chosen subbasins' .sub files for the chosen months — SWAT
// multiplies each day's rainfall by (1 + RFINC/100) and adds TMPINC to its maximum and minimum
// temperature (SWAT2012 I/O documentation, .sub: RFINC, TMPINC).
import { defineEditorServer, type ApplyContext } from '@headwater/plugin-sdk/server';
import type { Sub } from '@headwater/swat/txtinout/types.ts';
import pkg from '../package.json' with { type: 'json' };
import { describeClimate, schema, type ClimateChange } from '../src/schema.ts';

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** Sets the change's values for its months (1–12; none: all) of one .sub. */
export function applyClimateChange(sub: Sub, change: Partial<ClimateChange>, months: readonly number[]): void {
  const chosen = months.length ? [...new Set(months)].filter((m) => Number.isInteger(m) && m >= 1 && m <= 12) : ALL_MONTHS;
  const set = (key: 'RFINC' | 'TMPINC', value: unknown) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return;
    const list = Array.from({ length: 12 }, (_, i) => Number(sub[key]?.[i]) || 0);
    for (const m of chosen) list[m - 1] = value;
    sub[key] = list;
  };
  set('RFINC', change.RFINC);
  // TMPINC is sent only when it is not zero: otherwise the subbasin keeps its own
  if (change.TMPINC !== 0) set('TMPINC', change.TMPINC);
}

export default defineEditorServer(pkg, {
  schema,
  describe: (m: ClimateChange) => describeClimate(m),
  apply({ changes, subbasinsOf }: ApplyContext<ClimateChange>) {
    // oldest first: where two changes share a subbasin and month, the later one's value holds
    for (const change of changes) for (const subbasin of subbasinsOf(change)) applyClimateChange(subbasin.sub, change.modificationObject, change.months);
  },
});
