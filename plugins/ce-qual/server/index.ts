/// <reference types="node" />
// The CE-QUAL-W2 tool's server half (spec 2 §7 `GET and POST scenarios/output/cequal/{scenarioID}`):
// page data, the request form (output type RCH or SUB, all or chosen subbasins, the monthly
// algae fractions), and the producer the shared `custom-output` job runs on the workers: the
// QIN, TIN and CIN files of each chosen reach or subbasin, written by @headwater/swat's
// `ceQualFromRch`/`ceQualFromSub` + `ceQualFiles` (the functions `hw-swat cequal` runs) from the
// scenario's daily output files.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { algaeFractionProblems, CEQUAL_ALGAE_FRACTIONS, CEQUAL_OUTPUT_TYPES, CUSTOM_OUTPUT_MESSAGES } from '@headwater/plugin-sdk/schema';
import { definePluginServer, idParam, InputError, MONTH_NAMES, type CustomOutputJob, type FieldErrors } from '@headwater/plugin-sdk/server';
import { ceQualFiles, ceQualFromRch, ceQualFromSub, type AlgaeFractions, type CeQualOutputType } from '@headwater/swat/post/cequal/index.ts';
import { loadRunOutputs } from '@headwater/swat/post/run-dir.ts';
import pkg from '../package.json' with { type: 'json' };

const TOOL = pkg.headwater.id;
/** Spec 2 §5/§8: daily output, more than 3 simulated years. */
export const CEQUAL_REQUIRES = { daily: true, moreYearsThan: 3 };
export const CEQUAL_MESSAGES = { outputType: 'Choose the output type: RCH or SUB.' } as const;

type Body = { outputType?: unknown; applyToAll?: unknown; subbasins?: unknown; algaeFractions?: unknown };

/** The request form (spec 2 §3: outputType, applyToAll, subbasins; plus the algae fractions). */
export function parseCeQualRequest(body: unknown): { outputType: CeQualOutputType; applyToAll: boolean; subbasins: number[]; algaeFractions: AlgaeFractions } {
  const b = (body ?? {}) as Body;
  const errors: FieldErrors = {};
  const outputType = String(b.outputType ?? '').toUpperCase();
  if (!CEQUAL_OUTPUT_TYPES.some((t) => t.value === outputType)) errors.outputType = [CEQUAL_MESSAGES.outputType];
  const applyToAll = b.applyToAll === true || b.applyToAll === 'true';
  const subbasins = Array.isArray(b.subbasins) ? b.subbasins.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  if (!applyToAll && subbasins.length === 0) errors.subbasins = [CUSTOM_OUTPUT_MESSAGES.selectSubbasins];
  const algaeFractions = (b.algaeFractions ?? CEQUAL_ALGAE_FRACTIONS) as AlgaeFractions;
  const problems = algaeFractionProblems(algaeFractions, MONTH_NAMES);
  if (problems.length) errors.algaeFractions = problems;
  if (Object.keys(errors).length) throw new InputError(errors);
  return { outputType: outputType as CeQualOutputType, applyToAll, subbasins, algaeFractions: algaeFractions.map((m) => [m[0], m[1], m[2]] as const) };
}

export async function produceCeQual(job: CustomOutputJob): Promise<{ message: string }> {
  const type = job.outputType as CeQualOutputType;
  const algaeFractions = (job.options.algaeFractions as AlgaeFractions | undefined) ?? CEQUAL_ALGAE_FRACTIONS;
  const units = job.units.map((u) => u.number);
  await job.progress(0.02, type === 'RCH' ? 'Reading output.rch...' : 'Reading output.sub...');
  const run = loadRunOutputs(job.runDir, { rch: true, sub: type === 'SUB', hru: true });
  if (!run.cio) throw new RangeError('The scenario files have no file.cio.');
  await job.progress(0.4, 'Converting...');
  let series;
  if (type === 'RCH') {
    if (!run.rch) throw new RangeError('The scenario has no output.rch.');
    series = ceQualFromRch(run.rch, { units, algaeFractions }, run.hru ?? undefined);
  } else {
    if (!run.sub) throw new RangeError('The scenario has no output.sub.');
    series = ceQualFromSub(run.sub, { units, algaeFractions }, run.rch ?? undefined, run.hru ?? undefined);
  }
  const missing = units.filter((u) => !series.some((s) => s.unit === u));
  if (missing.length) throw new RangeError(`output.${type.toLowerCase()} has no daily rows for ${type === 'RCH' ? 'reach' : 'subbasin'} ${missing.join(', ')}.`);
  const warnings: string[] = [];
  let done = 0;
  for (const s of series) {
    if (s.temperatureSource === null) warnings.push(`${type} ${s.unit}: no water temperature (no WTMPdegc in output.rch and no TMP_AVdgC in output.hru for it), so no TIN file.`);
    for (const f of ceQualFiles(s)) writeFileSync(join(job.filesDir, f.name), f.text);
    done++;
    await job.progress(0.45 + (0.5 * done) / series.length, `Wrote the files of ${done} of ${series.length} ${type === 'RCH' ? 'reaches' : 'subbasins'}...`);
  }
  const readme = [
    `CE-QUAL-W2 inflow files from SWAT daily output (${type === 'RCH' ? 'reaches, output.rch' : 'subbasins, output.sub'}).`,
    `Period: ${series[0]?.dates[0] ?? ''} to ${series[0]?.dates.at(-1) ?? ''}; JDAY 1.0 = 1 January of the first year, counting on across years.`,
    'QIN: flow (m3/s). TIN: water temperature (C). CIN columns: ' + ['ISS1-ISS6 (sediment: 10% sand, 50% silt, 40% clay; ISS4-6 zero)', 'PO4', 'NH4', 'NO3', 'LPOM', 'CBOD1', 'ALG1-ALG3', 'DO', 'LPOM-P', 'LPOM-N'].join(', ') + ' (mg/L).',
    'Monthly algae fractions (Algae 1 / 2 / 3):',
    ...algaeFractions.map((m, i) => `  ${MONTH_NAMES[i]}: ${m.join(' / ')}`),
    ...(warnings.length ? ['', 'Warnings:', ...warnings.map((w) => `  ${w}`)] : []),
  ];
  writeFileSync(join(job.filesDir, 'README.txt'), readme.join('\n') + '\n');
  return { message: warnings.length ? `Your files are ready. ${warnings.length} without a temperature file (see README.txt).` : CUSTOM_OUTPUT_MESSAGES.complete };
}

export default definePluginServer({
  id: TOOL,
  routes: [
    {
      method: 'GET',
      path: '/scenarios/output/cequal/:scenarioID',
      access: 'user',
      handler: ({ params, platform }) => platform.customOutputs.page(idParam(params.scenarioID), TOOL),
    },
    {
      method: 'POST',
      path: '/scenarios/output/cequal/:scenarioID',
      access: 'user',
      handler({ params, body, platform }) {
        const r = parseCeQualRequest(body);
        return platform.customOutputs.submit(idParam(params.scenarioID), {
          tool: TOOL,
          outputType: r.outputType,
          applyToAll: r.applyToAll,
          subbasins: r.subbasins,
          options: { algaeFractions: r.algaeFractions },
          requires: CEQUAL_REQUIRES,
        });
      },
    },
  ],
  customOutput: produceCeQual,
});
