// hw-swat cequal — CE-QUAL-W2 inflow files (QIN, TIN, CIN) from a SWAT run's daily output.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, printJson, runCommand, UsageError } from './_args.ts';
import { ceQualFiles, ceQualFromRch, ceQualFromSub } from '../post/cequal/index.ts';
import type { CeQualOutputType, CeQualSeries } from '../post/cequal/index.ts';
import { loadRunOutputs } from '../post/run-dir.ts';

export const summary = 'CE-QUAL-W2 inflow files (QIN, TIN, CIN) from SWAT daily output by reach or subbasin';

const USAGE = `usage: hw-swat cequal --dir <TxtInOut with daily outputs> --type RCH|SUB
                     [--subbasins 1,2] --out <folder> [--json]
  --type       RCH: reaches from output.rch; SUB: subbasins from output.sub
  --subbasins  reaches/subbasins to convert (default all)
  --out        folder for QIN_<TYPE><n>.npt, TIN_<TYPE><n>.npt, CIN_<TYPE><n>.npt`;

export async function run(argv: string[]): Promise<number> {
  return runCommand('cequal', () => {
    const args = parseArgs(argv, { strings: ['dir', 'type', 'subbasins', 'out'], booleans: ['json', 'help'], aliases: { h: 'help' } });
    if (args.bool('help')) {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    const dir = args.requireString('dir');
    const type = args.choice<CeQualOutputType>('type', ['RCH', 'SUB']);
    if (!type) throw new UsageError('missing required option --type (RCH or SUB)');
    const out = args.requireString('out');
    const units = args.intList('subbasins');
    const run = loadRunOutputs(dir, { rch: true, sub: type === 'SUB', hru: true });
    if (!run.cio) throw new UsageError(`no file.cio in '${dir}'`);
    let series: CeQualSeries[];
    if (type === 'RCH') {
      if (!run.rch) throw new UsageError(`no output.rch in '${dir}'`);
      series = ceQualFromRch(run.rch, { units }, run.hru ?? undefined);
    } else {
      if (!run.sub) throw new UsageError(`no output.sub in '${dir}'`);
      series = ceQualFromSub(run.sub, { units }, run.rch ?? undefined, run.hru ?? undefined);
    }
    mkdirSync(out, { recursive: true });
    const warnings: string[] = [];
    const written: { unit: number; file: string; kind: string; days: number }[] = [];
    for (const s of series) {
      if (s.temperatureSource === null) {
        warnings.push(`${type} ${s.unit}: no water temperature (output.rch has no WTMPdegc and output.hru has no TMP_AVdgC for this subbasin); TIN not written`);
      }
      for (const f of ceQualFiles(s)) {
        const path = join(out, f.name);
        writeFileSync(path, f.text);
        written.push({ unit: s.unit, file: path, kind: f.kind, days: s.dates.length });
      }
    }
    const result = {
      type,
      units: series.map((s) => s.unit),
      temperatureSource: Object.fromEntries(series.map((s) => [s.unit, s.temperatureSource])),
      firstDate: series[0]?.dates[0] ?? null,
      lastDate: series[0]?.dates[series[0].dates.length - 1] ?? null,
      files: written,
      warnings,
    };
    if (args.bool('json')) printJson(result);
    else {
      process.stdout.write(`${written.length} CE-QUAL-W2 files for ${type} ${result.units.join(', ')} (${result.firstDate} to ${result.lastDate}) in ${out}\n`);
      for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
    }
    return 0;
  });
}
