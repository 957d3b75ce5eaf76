/// <reference types="node" />
// The flood frequency tool's server half (spec 2 §7 `GET and POST scenarios/output/ffa/{scenarioID}`):
// the page data and request form, the results of a request, and the producer the shared
// `custom-output` job runs on the workers — the annual peak daily flow of each chosen subbasin's
// reach (FLOW_OUTcms, daily output.rch as stored) fitted with Bulletin 17B or 17C (EMA).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CUSTOM_OUTPUT_MESSAGES, FFA_MESSAGES, FFA_METHODS, type FfaMethod } from '@headwater/plugin-sdk/schema';
import { definePluginServer, forEachUnitSeries, idParam, InputError, NotFoundError, storedValue, type CustomOutputJob, type FieldErrors } from '@headwater/plugin-sdk/server';
import pkg from '../package.json' with { type: 'json' };
import { tabulatedFrequencyFactor } from './fast.ts';
import { analyseSubbasin, annualPeaks, CI_AEPS, peaksCsv, quantilesCsv, SUMMARY_HEADER, summaryLine, summaryRow, type FfaOptions, type FfaSubbasinResult } from './analysis.ts';

const TOOL = pkg.headwater.id;
/** Spec 2 §5/§8: daily output and more than 3 simulated years. */
export const FFA_REQUIRES = { daily: true, moreYearsThan: 3 };

type Body = { applyToAll?: unknown; subbasins?: unknown; method?: unknown; generalizedSkew?: unknown; generalizedSkewMse?: unknown };

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The request form (spec 2 §3: applyToAll, subbasins; plus the method and an optional generalized skew). */
export function parseFfaRequest(body: unknown): { applyToAll: boolean; subbasins: number[]; options: FfaOptions } {
  const b = (body ?? {}) as Body;
  const errors: FieldErrors = {};
  const applyToAll = b.applyToAll === true || b.applyToAll === 'true';
  const subbasins = Array.isArray(b.subbasins) ? b.subbasins.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  if (!applyToAll && subbasins.length === 0) errors.subbasins = [CUSTOM_OUTPUT_MESSAGES.selectSubbasins];
  const method = (blank(b.method) ? 'b17b' : b.method) as FfaMethod;
  if (!FFA_METHODS.some((m) => m.value === method)) errors.method = [FFA_MESSAGES.method];
  const options: FfaOptions = { method };
  if (blank(b.generalizedSkew) !== blank(b.generalizedSkewMse)) errors.generalizedSkew = [FFA_MESSAGES.generalizedSkew];
  else if (!blank(b.generalizedSkew)) {
    const g = Number(b.generalizedSkew);
    const mse = Number(b.generalizedSkewMse);
    if (!Number.isFinite(g) || g < -3 || g > 3) errors.generalizedSkew = [FFA_MESSAGES.generalizedSkewRange];
    if (!(Number.isFinite(mse) && mse > 0)) errors.generalizedSkewMse = [FFA_MESSAGES.generalizedSkewMse];
    options.generalizedSkew = g;
    options.generalizedSkewMse = mse;
  }
  if (Object.keys(errors).length) throw new InputError(errors);
  return { applyToAll, subbasins, options };
}

const resultFile = (n: number) => `subbasin_${n}.json`;

/** The producer: peaks → curve → files, for every chosen subbasin. */
export async function produceFfa(job: CustomOutputJob): Promise<{ message: string }> {
  const options = job.options as FfaOptions;
  const units = job.units.map((u) => u.number);
  const names = new Map(job.units.map((u) => [u.number, u.name]));
  const results: FfaSubbasinResult[] = new Array(units.length);
  // Bulletin 17C's intervals evaluate K(p, g) at many skews: tabulated once for the request
  const speed = options.method === 'ema' ? { frequencyFactor: tabulatedFrequencyFactor(CI_AEPS) } : {};
  await job.progress(0.01, 'Reading daily flows...');
  await forEachUnitSeries(
    job.outputs,
    { kind: 'rch', period: 'day', variable: 'FLOW_OUTcms' },
    units,
    (s, axes) => {
      const peaks = annualPeaks(axes.times, (i) => s.values[i]!, storedValue);
      const r = analyseSubbasin(s.unit, names.get(s.unit) ?? String(s.unit), peaks, options, speed);
      results[s.index] = r;
      writeFileSync(join(job.resultsDir, resultFile(r.number)), JSON.stringify(r));
      writeFileSync(join(job.filesDir, `peaks_${r.number}.csv`), peaksCsv(r));
      writeFileSync(join(job.filesDir, `quantiles_${r.number}.csv`), quantilesCsv(r));
    },
    { onBlock: (done) => job.progress(0.02 + (0.95 * done) / units.length, `Analysed ${done.toLocaleString('en-US')} of ${units.length.toLocaleString('en-US')} subbasins...`) },
  );
  writeFileSync(join(job.filesDir, 'ffa_summary.csv'), [SUMMARY_HEADER.join(','), ...results.map(summaryLine)].join('\n') + '\n');
  writeFileSync(join(job.resultsDir, 'summary.json'), JSON.stringify({ method: results[0]?.method ?? '', options, rows: results.map(summaryRow) }));
  const failed = results.filter((r) => r.error).length;
  return { message: failed ? `Your files are ready. ${failed} of ${results.length} subbasins could not be fitted (see the summary).` : CUSTOM_OUTPUT_MESSAGES.complete };
}

async function readJson(platform: { customOutputs: { readFile(id: number, name: string): Promise<Buffer | null> } }, id: number, name: string): Promise<unknown> {
  const bytes = await platform.customOutputs.readFile(id, name);
  if (!bytes) throw new NotFoundError();
  return JSON.parse(bytes.toString('utf8'));
}

export default definePluginServer({
  id: TOOL,
  routes: [
    {
      method: 'GET',
      path: '/scenarios/output/ffa/:scenarioID',
      access: 'user',
      handler: ({ params, platform }) => platform.customOutputs.page(idParam(params.scenarioID), TOOL),
    },
    {
      method: 'POST',
      path: '/scenarios/output/ffa/:scenarioID',
      access: 'user',
      handler({ params, body, platform }) {
        const { applyToAll, subbasins, options } = parseFfaRequest(body);
        return platform.customOutputs.submit(idParam(params.scenarioID), { tool: TOOL, outputType: 'RCH', applyToAll, subbasins, options, requires: FFA_REQUIRES });
      },
    },
    {
      // the results page: the request and one row per subbasin
      method: 'GET',
      path: '/scenarios/output/ffaresult/:requestID',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.requestID);
        const request = await platform.customOutputs.get(id);
        if (request.tool !== TOOL) throw new NotFoundError();
        if (request.status !== 'complete') return { request, summary: null };
        return { request, summary: await readJson(platform, id, 'summary.json') };
      },
    },
    {
      // one subbasin: peaks, curve, quantiles, diagnostics
      method: 'GET',
      path: '/scenarios/output/ffaresult/:requestID/:subbasin',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.requestID);
        const request = await platform.customOutputs.get(id);
        if (request.tool !== TOOL || request.status !== 'complete') throw new NotFoundError();
        return readJson(platform, id, resultFile(idParam(params.subbasin)));
      },
    },
  ],
  customOutput: produceFfa,
});
