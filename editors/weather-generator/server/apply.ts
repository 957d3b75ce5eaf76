// How a weather generator change is written into a subbasin's .wgn statistics: each field's
// monthly value is multiplied by (1 + percent / 100) for the change's months (all twelve when
// it names none). Changes compound in the order they are applied (oldest first).
import type { Wgn } from '@headwater/swat/txtinout/types.ts';
import { WGN_FIELDS, type WgnChange, type WgnField } from '../src/schema.ts';

/** Mean length of each month in days. February is 28.25 because PCPD is an average over the
 * years of record, so it can reach 28.25 but not 29. */
export const MONTH_DAYS = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** The value of `field` in month index `m` (0–11) after scaling, kept physically possible.
 * Only the bounds that a factor in [0, 2] can cross need a clamp: PR_W1 and PR_W2 are
 * probabilities (0..1) and PCPD counts days of the month (0..days). A factor ≥ 0 never changes
 * a value's sign, so the non-negative statistics (RAINHHMX, PCPMM, the standard deviations,
 * SOLARAV, WNDAV) stay non-negative, and temperatures below zero stay below zero. TMPMX and
 * TMPMN are scaled independently: a change may bring the mean minimum above the mean maximum;
 * it is left so (no silent edit of a field the user did not touch) — the generator swaps a day's
 * minimum and maximum when that happens. */
export function scaledValue(field: WgnField, m: number, value: number, percent: number): number {
  const v = value * (1 + percent / 100);
  if (field === 'PR_W1' || field === 'PR_W2') return Math.min(1, Math.max(0, v));
  if (field === 'PCPD') return Math.min(MONTH_DAYS[m]!, Math.max(0, v));
  return v;
}

/** Applies one change to one subbasin's .wgn, in place. `months` are 1–12; empty means all. */
export function applyWgnChange(wgn: Wgn, change: WgnChange, months: readonly number[]): void {
  const chosen = months.length ? [...new Set(months)].filter((m) => Number.isInteger(m) && m >= 1 && m <= 12) : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  for (const { key } of WGN_FIELDS) {
    const percent = change[key];
    // fields the user did not edit are not sent; 0 is no change
    if (typeof percent !== 'number' || !Number.isFinite(percent) || percent === 0) continue;
    const values = wgn[key];
    for (const month of chosen) values[month - 1] = scaledValue(key, month - 1, values[month - 1]!, percent);
  }
}
