/// <reference types="node" />
// The baseflow separation tool's server half (spec 2 §7 `GET and POST
// scenarios/output/baseflowseparation/{scenarioID}`): page data, the request form (filter
// parameter and BFI max, spec 2 §5), a request's results, and the producer the shared
// `custom-output` job runs on the workers: the Eckhardt filter of @headwater/swat — the function
// `hw-swat baseflow` runs — over the daily flow (FLOW_OUTcms) of each chosen subbasin's reach.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASEFLOW_DEFAULTS, baseflowParamsProblem, CUSTOM_OUTPUT_MESSAGES } from '@headwater/plugin-sdk/schema';
import { dayString, definePluginServer, forEachUnitSeries, idParam, InputError, NotFoundError, storedValue, type CustomOutputJob, type FieldErrors } from '@headwater/plugin-sdk/server';
import { baseflowIndex, eckhardt, separateBaseflow } from '@headwater/swat/post/baseflow/index.ts';
import pkg from '../package.json' with { type: 'json' };

const TOOL = pkg.headwater.id;
/** Spec 2 §5: daily output, more than 3 simulated years. */
export const BASEFLOW_REQUIRES = { daily: true, moreYearsThan: 3 };

type Body = { applyToAll?: unknown; subbasins?: unknown; filterParameter?: unknown; bfiMax?: unknown };

/** The request form (spec 2 §3 baseflow: applyToAll, subbasins, filterParameter, bfiMax). */
export function parseBaseflowRequest(body: unknown): { applyToAll: boolean; subbasins: number[]; filterParameter: number; bfiMax: number } {
  const b = (body ?? {}) as Body;
  const errors: FieldErrors = {};
  const applyToAll = b.applyToAll === true || b.applyToAll === 'true';
  const subbasins = Array.isArray(b.subbasins) ? b.subbasins.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  if (!applyToAll && subbasins.length === 0) errors.subbasins = [CUSTOM_OUTPUT_MESSAGES.selectSubbasins];
  const problem = baseflowParamsProblem(b.filterParameter, b.bfiMax);
  if (problem) errors.filterParameter = [problem];
  if (Object.keys(errors).length) throw new InputError(errors);
  return { applyToAll, subbasins, filterParameter: Number(b.filterParameter), bfiMax: Number(b.bfiMax) };
}

export type BaseflowRow = { number: number; name: string; bfi: number; days: number; meanFlow: number; meanBaseflow: number };

/** Days since 1970 of a stored day (yyyymmdd). */
const dayNumber = (t: number) => Date.UTC(Math.floor(t / 10000), (Math.floor(t / 100) % 100) - 1, t % 100) / 86_400_000;

/** CSV numbers: the flow as printed; baseflow to 8 significant digits (as `hw-swat baseflow`). */
const n8 = (v: number | null) => (v === null || !Number.isFinite(v) ? '' : String(+v.toPrecision(8)));
const full = (v: number) => (Number.isFinite(v) ? String(v) : '');

export async function produceBaseflow(job: CustomOutputJob): Promise<{ message: string }> {
  const a = job.filterParameter ?? BASEFLOW_DEFAULTS.filterParameter;
  const bfiMax = job.bfiMax ?? BASEFLOW_DEFAULTS.bfiMax;
  const units = job.units.map((u) => u.number);
  const names = new Map(job.units.map((u) => [u.number, u.name]));
  const rows: BaseflowRow[] = new Array(units.length);
  let dates: string[] = [];
  let contiguous = false;
  await job.progress(0.01, 'Reading daily flows...');
  const axes = await forEachUnitSeries(
    job.outputs,
    { kind: 'rch', period: 'day', variable: 'FLOW_OUTcms' },
    units,
    (s, ax) => {
      if (dates.length !== ax.times.length) {
        dates = ax.times.map(dayString);
        contiguous = ax.times.every((t, i) => i === 0 || dayNumber(t) - dayNumber(ax.times[i - 1]!) === 1);
      }
      const n = dates.length;
      const flows = new Array<number>(n);
      let finite = true;
      for (let i = 0; i < n; i++) {
        const q = storedValue(s.values[i]!);
        flows[i] = q;
        if (!Number.isFinite(q)) finite = false;
      }
      // `separateBaseflow` filters each gap-free run of days; SWAT prints every day, so the whole
      // record is one run: the Eckhardt filter of it and its BFI are exactly separateBaseflow's
      let base: (number | null)[];
      let bfi: number;
      if (contiguous && finite) {
        base = eckhardt(flows, { a, bfiMax });
        bfi = baseflowIndex(flows, base as number[]);
      } else {
        const r = separateBaseflow(
          flows.map((flow, i) => ({ date: dates[i]!, flow })),
          { method: 'eckhardt', a, bfiMax },
        );
        base = r.days.map((d) => d.baseflow);
        bfi = r.bfi;
      }
      // the daily hydrograph for the results page (Float32: flow then baseflow)
      const bin = new Float32Array(n * 2);
      let sumQ = 0;
      let sumB = 0;
      const lines = new Array<string>(n + 1);
      lines[0] = 'date,flow_cms,baseflow_cms';
      for (let i = 0; i < n; i++) {
        const q = flows[i]!;
        const b = base[i] ?? null;
        bin[i] = q;
        bin[n + i] = b ?? NaN;
        if (Number.isFinite(q)) sumQ += q;
        if (b !== null) sumB += b;
        lines[i + 1] = `${dates[i]},${full(q)},${n8(b)}`;
      }
      writeFileSync(join(job.resultsDir, `subbasin_${s.unit}.bin`), new Uint8Array(bin.buffer));
      writeFileSync(join(job.filesDir, `baseflow_${s.unit}.csv`), lines.join('\n') + '\n');
      rows[s.index] = { number: s.unit, name: names.get(s.unit) ?? String(s.unit), bfi, days: n, meanFlow: sumQ / n, meanBaseflow: sumB / n };
    },
    { onBlock: (done) => job.progress(0.02 + (0.95 * done) / units.length, `Separated ${done.toLocaleString('en-US')} of ${units.length.toLocaleString('en-US')} subbasins...`) },
  );
  const header = 'subbasin,reach,bfi,filter_parameter,bfi_max,days,mean_flow_cms,mean_baseflow_cms';
  const csv = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  writeFileSync(join(job.filesDir, 'bfi_summary.csv'), [header, ...rows.map((r) => [csv(r.name), r.number, full(r.bfi), a, bfiMax, r.days, full(r.meanFlow), full(r.meanBaseflow)].join(','))].join('\n') + '\n');
  writeFileSync(join(job.resultsDir, 'summary.json'), JSON.stringify({ filterParameter: a, bfiMax, firstDate: axes.times.length ? dayString(axes.times[0]!) : null, days: axes.times.length, rows }));
  return { message: CUSTOM_OUTPUT_MESSAGES.complete };
}

export default definePluginServer({
  id: TOOL,
  routes: [
    {
      method: 'GET',
      path: '/scenarios/output/baseflowseparation/:scenarioID',
      access: 'user',
      handler: ({ params, platform }) => platform.customOutputs.page(idParam(params.scenarioID), TOOL),
    },
    {
      method: 'POST',
      path: '/scenarios/output/baseflowseparation/:scenarioID',
      access: 'user',
      handler({ params, body, platform }) {
        const r = parseBaseflowRequest(body);
        return platform.customOutputs.submit(idParam(params.scenarioID), { tool: TOOL, outputType: 'RCH', applyToAll: r.applyToAll, subbasins: r.subbasins, filterParameter: r.filterParameter, bfiMax: r.bfiMax, requires: BASEFLOW_REQUIRES });
      },
    },
    {
      // the results page: the request and the BFI of each subbasin
      method: 'GET',
      path: '/scenarios/output/baseflowresult/:requestID',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.requestID);
        const request = await platform.customOutputs.get(id);
        if (request.tool !== TOOL) throw new NotFoundError();
        if (request.status !== 'complete') return { request, summary: null };
        const bytes = await platform.customOutputs.readFile(id, 'summary.json');
        if (!bytes) throw new NotFoundError();
        return { request, summary: JSON.parse(bytes.toString('utf8')) };
      },
    },
    {
      // one subbasin's hydrograph: daily flow and baseflow from the first date on
      method: 'GET',
      path: '/scenarios/output/baseflowresult/:requestID/:subbasin',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.requestID);
        const unit = idParam(params.subbasin);
        const request = await platform.customOutputs.get(id);
        if (request.tool !== TOOL || request.status !== 'complete') throw new NotFoundError();
        const [bin, summary] = await Promise.all([platform.customOutputs.readFile(id, `subbasin_${unit}.bin`), platform.customOutputs.readFile(id, 'summary.json')]);
        if (!bin || !summary) throw new NotFoundError();
        const s = JSON.parse(summary.toString('utf8')) as { firstDate: string; days: number; rows: BaseflowRow[] };
        const values = new Float32Array(bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength));
        const round = (v: number) => (Number.isFinite(v) ? storedValue(v) : null);
        const n = s.days;
        return {
          subbasin: s.rows.find((r) => r.number === unit) ?? null,
          firstDate: s.firstDate,
          flow: Array.from(values.subarray(0, n), round),
          baseflow: Array.from(values.subarray(n, 2 * n), round),
        };
      },
    },
  ],
  customOutput: produceBaseflow,
});
