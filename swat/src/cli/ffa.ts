// hw-swat ffa — Bulletin 17B flood frequency analysis of annual peaks (CSV year,peak),
// or of the annual maxima of a daily series (--daily, CSV date,flow).
import { readFileSync } from 'node:fs';
import { parseArgs, printJson, runCommand, UsageError } from './_args.ts';
import { annualMaxima, bulletin17b, DEFAULT_RETURN_PERIODS, emaAnalysis } from '../post/ffa/index.ts';
import type { EmaBiasCorrection, PerceptionThreshold, SkewOption } from '../post/ffa/index.ts';
import { parseDailyCsv, parsePeaksCsv } from '../post/csv.ts';

export const summary = 'flood frequency analysis (Bulletin 17B log-Pearson III) of annual peaks';

const USAGE = `usage: hw-swat ffa --input peaks.csv [--gen-skew G --gen-skew-mse M | --gen-skew-se S]
                  [--skew weighted|station|generalized] [--return-periods 2,10,100]
                  [--aep 0.01,0.002] [--daily [--year calendar|water]]
                  [--low-outlier Q] [--high-outlier Q] [--round-skew] [--json]
                  [--method b17b|ema [--thresholds 1897-1929:18500,1930-1973:0]
                                     [--bias-correction cohn1997|griffis2004]]
  --input         CSV of annual peaks 'year,peak' (header optional); with --daily a
                  daily series 'date,flow' whose annual maxima are analysed
  --gen-skew      generalized (regional) skew; --gen-skew-mse its mean square error
                  (or --gen-skew-se its standard error)
  --skew          skew used for the curve (default: weighted with a generalized skew,
                  station otherwise)
  --round-skew    round the final skew to 0.1 (B17B Appendix 3 tables, as in the
                  Bulletin's worked examples); default: exact factors at the computed skew
  --method        b17b (default) or ema (Expected Moments Algorithm, Bulletin 17C:
                  historic periods as perception thresholds, multiple Grubbs-Beck
                  low-outlier test unless --low-outlier gives the threshold)
  --json          JSON on stdout`;

function parseList(text: string, what: string): number[] {
  const out = text.split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number);
  if (out.length === 0 || out.some((v) => !Number.isFinite(v))) throw new UsageError(`${what} must be a comma-separated list of numbers (got '${text}')`);
  return out;
}

/** '1897-1929:18500,1930-1973:0' → perception thresholds. */
function parseThresholds(text: string): PerceptionThreshold[] {
  return text.split(',').map((part) => {
    const m = /^\s*(\d{4})\s*-\s*(\d{4})\s*:\s*([\d.]+(?:[eE][+-]?\d+)?)\s*$/.exec(part);
    if (!m) throw new UsageError(`--thresholds entries must look like 1897-1929:18500 (got '${part}')`);
    return { startYear: Number(m[1]), endYear: Number(m[2]), lower: Number(m[3]) };
  });
}

export async function run(argv: string[]): Promise<number> {
  return runCommand('ffa', () => {
    const args = parseArgs(argv, {
      strings: ['input', 'gen-skew', 'gen-skew-mse', 'gen-skew-se', 'skew', 'return-periods', 'aep', 'year', 'low-outlier', 'high-outlier', 'method', 'thresholds', 'bias-correction'],
      booleans: ['json', 'help', 'daily', 'round-skew'],
      aliases: { h: 'help' },
    });
    if (args.bool('help')) {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    const input = args.requireString('input');
    let text: string;
    try {
      text = readFileSync(input, 'utf8');
    } catch {
      throw new UsageError(`cannot read input file '${input}'`);
    }
    const generalizedSkew = args.number('gen-skew', { min: -9, max: 9 });
    if (args.has('gen-skew-mse') && args.has('gen-skew-se')) throw new UsageError('give either --gen-skew-mse or --gen-skew-se, not both');
    const se = args.number('gen-skew-se', { min: 0 });
    const generalizedSkewMse = args.number('gen-skew-mse', { min: 0 }) ?? (se !== undefined ? se * se : undefined);
    if (generalizedSkewMse !== undefined && !(generalizedSkewMse > 0)) throw new UsageError('the generalized skew MSE must be positive');
    const skewOption = args.choice<SkewOption>('skew', ['weighted', 'station', 'generalized']) ??
      (generalizedSkew !== undefined ? 'weighted' : 'station');
    if (skewOption !== 'station' && generalizedSkew === undefined) throw new UsageError(`--skew ${skewOption} needs --gen-skew`);
    if (skewOption === 'weighted' && generalizedSkewMse === undefined) throw new UsageError('--skew weighted needs --gen-skew-mse (or --gen-skew-se)');
    const returnPeriods = args.has('return-periods') ? parseList(args.string('return-periods')!, '--return-periods') : DEFAULT_RETURN_PERIODS;
    for (const t of returnPeriods) if (!(t > 1)) throw new UsageError(`return periods must be greater than 1 year (got ${t})`);
    const extraAeps = args.has('aep') ? parseList(args.string('aep')!, '--aep') : [];
    for (const p of extraAeps) if (!(p > 0 && p < 1)) throw new UsageError(`exceedance probabilities must be between 0 and 1 (got ${p})`);

    let peaks: { year: number; flow: number }[];
    if (args.bool('daily')) {
      const yearType = args.choice('year', ['calendar', 'water'] as const, 'calendar')!;
      peaks = annualMaxima(parseDailyCsv(text).map((d) => ({ date: d.date, value: d.flow })), { yearType });
    } else {
      if (args.has('year')) throw new UsageError('--year applies only with --daily');
      peaks = parsePeaksCsv(text);
    }

    const method = args.choice('method', ['b17b', 'ema'] as const, 'b17b')!;
    if (method === 'ema') {
      for (const o of ['high-outlier', 'round-skew']) if (args.has(o)) throw new UsageError(`--${o} applies only to --method b17b`);
      const aepsAll = [...returnPeriods.map((t) => 1 / t), ...extraAeps];
      const e = emaAnalysis(peaks, {
        generalizedSkew,
        generalizedSkewMse,
        skewOption,
        thresholds: args.has('thresholds') ? parseThresholds(args.string('thresholds')!) : undefined,
        lowOutlierThreshold: args.number('low-outlier', { min: 0 }),
        biasCorrection: args.choice<EmaBiasCorrection>('bias-correction', ['cohn1997', 'griffis2004']),
        aeps: aepsAll,
        returnPeriods,
      });
      const quantiles = e.frequencies.map((q, i) => ({ returnPeriod: i < returnPeriods.length ? returnPeriods[i]! : 1 / q.aep, aep: q.aep, flow: q.flow, atSiteFlow: q.systematicFlow ?? null }));
      const out = {
        method: 'EMA',
        n: e.n,
        exact: e.exact,
        censored: e.censored,
        mean: e.curve.mean,
        std: e.curve.std,
        stationSkew: e.atSite.skew,
        stationSkewMse: e.atSiteSkewMse,
        generalizedSkew: e.generalizedSkew,
        weightedSkew: e.weightedSkew,
        skewOption: e.skewOption,
        skew: e.curve.skew,
        atSite: e.atSite,
        lowOutlierThreshold: e.lowOutlierThreshold,
        lowOutliers: e.lowOutliers,
        highOutliers: [],
        mgbt: e.mgbt ? e.mgbt.statistics : null,
        quantiles,
        intervals: e.intervals,
      };
      if (args.bool('json')) printJson(out);
      else {
        const lines = [
          `EMA log-Pearson III, ${e.n} years (${e.exact} exact, ${e.censored} censored)`,
          `log10 mean ${e.curve.mean.toFixed(4)}  std ${e.curve.std.toFixed(4)}  skew (${e.skewOption}) ${e.curve.skew.toFixed(3)}; at-site skew ${e.atSite.skew.toFixed(3)}`,
          '',
          'return period      AEP          flow',
          ...quantiles.map((q) => `${String(+q.returnPeriod.toPrecision(6)).padStart(13)}  ${q.aep.toFixed(4).padStart(7)}  ${q.flow.toPrecision(6).padStart(12)}`),
        ];
        process.stdout.write(lines.join('\n') + '\n');
      }
      return 0;
    }
    if (args.has('thresholds') || args.has('bias-correction')) throw new UsageError('--thresholds and --bias-correction apply only to --method ema');

    const r = bulletin17b(peaks, {
      generalizedSkew,
      generalizedSkewMse,
      skewOption,
      returnPeriods,
      roundSkew: args.bool('round-skew'),
      lowOutlierThreshold: args.number('low-outlier', { min: 0 }),
      highOutlierThreshold: args.number('high-outlier', { min: 0 }),
    });
    const extra = extraAeps.length > 0 ? bulletin17b(peaks, {
      generalizedSkew, generalizedSkewMse, skewOption, roundSkew: args.bool('round-skew'),
      lowOutlierThreshold: args.number('low-outlier', { min: 0 }), highOutlierThreshold: args.number('high-outlier', { min: 0 }),
      returnPeriods: extraAeps.map((p) => 1 / p),
    }).quantiles : [];
    const quantiles = [...r.quantiles, ...extra.map((q, i) => ({ ...q, aep: extraAeps[i]! }))].map((q) => ({
      returnPeriod: q.returnPeriod,
      aep: q.aep,
      flow: q.flow,
      lower: q.lower ?? null,
      upper: q.upper ?? null,
    }));
    const out = {
      method: 'Bulletin 17B',
      n: r.n,
      nUsed: r.nUsed,
      mean: r.mean,
      std: r.std,
      stationSkew: r.stationSkew,
      stationSkewMse: r.stationSkewMse,
      generalizedSkew: r.generalizedSkew,
      generalizedSkewMse: r.generalizedSkewMse,
      weightedSkew: r.weightedSkew,
      skewOption: r.skewOption,
      skew: r.curve.skew,
      zeroFlows: r.zeroFlows,
      lowOutlierThreshold: r.lowOutlierThreshold,
      highOutlierThreshold: r.highOutlierThreshold,
      lowOutliers: r.lowOutliers,
      highOutliers: r.highOutliers,
      conditionalAdjustment: r.conditionalAdjustment,
      curve: r.curve,
      quantiles,
      peaks,
    };
    if (args.bool('json')) printJson(out);
    else {
      const f = (v: number | null, d = 4) => (v === null ? '—' : v.toFixed(d));
      const lines = [
        `Bulletin 17B log-Pearson III, ${r.n} peaks (${r.nUsed} used)`,
        `log10 mean ${f(r.mean)}  std ${f(r.std)}  station skew ${f(r.stationSkew, 3)} (MSE ${f(r.stationSkewMse)})`,
        `weighted skew ${f(r.weightedSkew, 3)}  curve skew (${r.skewOption}) ${f(r.curve.skew, 3)}`,
        `low outliers: ${r.lowOutliers.length} (threshold ${r.lowOutlierThreshold.toFixed(1)})  high outliers: ${r.highOutliers.length} (threshold ${r.highOutlierThreshold.toFixed(1)})`,
        '',
        'return period      AEP          flow',
        ...quantiles.map((q) => `${String(q.returnPeriod).padStart(13)}  ${q.aep.toFixed(4).padStart(7)}  ${q.flow.toPrecision(6).padStart(12)}`),
      ];
      process.stdout.write(lines.join('\n') + '\n');
    }
    return 0;
  });
}
