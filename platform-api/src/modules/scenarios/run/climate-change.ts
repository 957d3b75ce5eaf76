// A climate-change scenario chosen for a run changes the run's weather (spec 2 §3: the
// scenario form's climate change scenario and time period): the scenario's monthly delta change
// factors (migration 015) applied to the chosen weather dataset's daily series as the run's
// .pcp and .tmp files are written — precipitation times (1 + percent / 100), daily maximum and
// minimum temperature plus the change in °C; missing values (-99) stay missing. The time period
// bounds the simulation dates (the scenario form's rule). A climate-change scenario without
// factors has no climate data here: the run request is refused with CLIMATE_NO_DATA_MESSAGE,
// and a run queued otherwise (batch) stops with it — never runs on unchanged weather.
import type { SwatProject } from '@headwater/swat/txtinout/index.ts';
import type { ClimateChangeFactors, ClimateChangeScenario } from '../models.ts';

export const climateNoDataMessage = (name: string) =>
  `The climate change scenario '${name}' has no climate data on this server, so a run cannot use it. Edit the scenario and choose no climate change scenario.`;

const MISSING = -99;

/** The factors of a climate-change scenario, checked (12 finite numbers each), or null. */
export function factorsOf(c: Pick<ClimateChangeScenario, 'changeFactors'>): ClimateChangeFactors | null {
  const f = c.changeFactors;
  const ok = (a: unknown): a is number[] => Array.isArray(a) && a.length === 12 && a.every((x) => typeof x === 'number' && Number.isFinite(x));
  return f && ok(f.precipitationPercent) && ok(f.temperatureChange) ? f : null;
}

/** Month index (0–11) of a SWAT yyyyddd date. */
function monthOf(yyyyddd: number): number {
  const year = Math.floor(yyyyddd / 1000);
  const day = yyyyddd % 1000;
  return new Date(Date.UTC(year, 0, day)).getUTCMonth();
}

/** Applies the factors to the project's precipitation and temperature series in place;
 * returns how many daily values changed. */
export function applyClimateChange(project: SwatProject, f: ClimateChangeFactors): { pcp: number; tmp: number } {
  const counts = { pcp: 0, tmp: 0 };
  const w = project.weather;
  if (!w) return counts;
  for (const file of Object.values(w.pcp)) {
    const months = Array.from(file.dates, monthOf);
    for (const series of file.pcp) {
      for (let i = 0; i < series.length; i++) {
        const v = series[i]!;
        if (v <= MISSING + 1e-9) continue;
        series[i] = Math.max(0, v * (1 + f.precipitationPercent[months[i]!]! / 100));
        counts.pcp++;
      }
    }
  }
  for (const file of Object.values(w.tmp)) {
    const months = Array.from(file.dates, monthOf);
    for (const series of [...file.tmax, ...file.tmin]) {
      for (let i = 0; i < series.length; i++) {
        const v = series[i]!;
        if (v <= MISSING + 1e-9) continue;
        series[i] = v + f.temperatureChange[months[i]!]!;
        counts.tmp++;
      }
    }
  }
  return counts;
}
