// hw-swat check — SWAT Check of a finished run (output.std/.rch/.sub/.hru, output.rsv, hyd.out).
import { parseArgs, printJson, runCommand } from './_args.ts';
import { loadCheckInputs, swatCheck } from '../post/check/index.ts';
import type { SwatCheckResult } from '../post/check/index.ts';

export const summary = 'SWAT Check: sanity checks of a finished SWAT run, whole watershed or one subbasin';

const USAGE = `usage: hw-swat check --dir <TxtInOut with outputs> [--subbasin N] [--txtinout <dir>] [--json]
  --dir        folder with file.cio, output.std and the output files of the run
  --subbasin   check one subbasin (default 0: the whole watershed)
  --txtinout   folder with the .hru input files (land uses) when not --dir
  --json       the full response as JSON on stdout`;

const SECTIONS: [keyof SwatCheckResult, string][] = [
  ['hydrology', 'Hydrology'],
  ['sediment', 'Sediment'],
  ['nitrogenCycle', 'Nitrogen Cycle'],
  ['phosphorusCycle', 'Phosphorus Cycle'],
  ['plantGrowth', 'Plant Growth'],
  ['landscapeNutrientLosses', 'Landscape Nutrient Losses'],
  ['landUseSummary', 'Land Use Summary'],
  ['instreamProcesses', 'Instream Processes'],
  ['pointSources', 'Point Sources'],
  ['reservoirs', 'Reservoirs'],
];

export async function run(argv: string[]): Promise<number> {
  return runCommand('check', () => {
    const args = parseArgs(argv, { strings: ['dir', 'subbasin', 'txtinout'], booleans: ['json', 'help'], aliases: { h: 'help' } });
    if (args.bool('help')) {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    const dir = args.requireString('dir');
    const subbasin = args.number('subbasin', { min: 0, integer: true, default: 0 })!;
    const inputs = loadCheckInputs(dir, args.string('txtinout') ?? dir);
    const result = swatCheck(inputs, { subbasin });
    if (args.bool('json')) {
      printJson(result);
      return 0;
    }
    const s = result.setup;
    const lines = [
      `SWAT Check — ${subbasin === 0 ? 'whole watershed' : `subbasin ${subbasin}`}`,
      `${s.swatVersion}; ${s.simulationLength} years (${s.simulationStart} to ${s.simulationEnd}), ${s.warmUp} warm-up; ${s.outputTimestep} output; ${s.precipMethod} precipitation`,
      `${s.subbasins} subbasins, ${s.hrus} HRUs, ${s.watershedArea?.toFixed(2)} km²`,
    ];
    for (const [key, title] of SECTIONS) {
      const sec = result[key] as { warnings: string[]; hruLevelWarnings?: string[] };
      const all = [...sec.warnings, ...(sec.hruLevelWarnings ?? [])];
      lines.push('', `${title}: ${all.length === 0 ? 'no warnings' : `${all.length} warning(s)`}`);
      for (const w of all) lines.push(`  - ${w}`);
    }
    process.stdout.write(lines.join('\n') + '\n');
    return 0;
  });
}
