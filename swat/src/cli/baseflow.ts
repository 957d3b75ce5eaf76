// hw-swat baseflow — baseflow separation of a daily flow series (CSV date,flow) with the
// Eckhardt two-parameter filter or the Lyne–Hollick filter (Ladson et al. 2013).
import { readFileSync } from 'node:fs';
import { parseArgs, printJson, runCommand, UsageError } from './_args.ts';
import { separateBaseflow } from '../post/baseflow/index.ts';
import type { BaseflowMethod, EckhardtInitial, SeparationOptions } from '../post/baseflow/index.ts';
import { parseDailyCsv } from '../post/csv.ts';

export const summary = 'baseflow separation (Eckhardt or Lyne–Hollick filter) of a daily flow series';

const USAGE = `usage: hw-swat baseflow --input flows.csv --method eckhardt|lyne-hollick
                       [--a 0.98] [--bfimax 0.8] [--initial first-flow|zero-state|<flow>]
                       [--passes 3] [--reflect 30] [--json]
  --input    CSV 'date,flow' (YYYY-MM-DD; header optional; empty/NA = missing)
  --method   eckhardt (default) or lyne-hollick
  --a        filter parameter, 0 to 1 (default 0.98)
  --bfimax   Eckhardt BFImax, 0 to 1 (default 0.8; 0.8 perennial porous, 0.5 ephemeral
             porous, 0.25 perennial hard rock)
  --passes, --reflect   Lyne–Hollick passes (odd) and reflected values (defaults 3, 30)
  --json     JSON {bfi, days: [{date, flow, baseflow}]} on stdout`;

const RANGE_MESSAGE = 'Filter parameter and BFI max must be a number between 0 and 1.';

export async function run(argv: string[]): Promise<number> {
  return runCommand('baseflow', () => {
    const args = parseArgs(argv, {
      strings: ['input', 'method', 'a', 'bfimax', 'initial', 'passes', 'reflect'],
      booleans: ['json', 'help'],
      aliases: { h: 'help' },
    });
    if (args.bool('help')) {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    const input = args.requireString('input');
    const method = args.choice<BaseflowMethod>('method', ['eckhardt', 'lyne-hollick'], 'eckhardt')!;
    const a = args.number('a', { min: 0, max: 1, default: 0.98, message: RANGE_MESSAGE })!;
    const bfiMax = args.number('bfimax', { min: 0, max: 1, default: 0.8, message: RANGE_MESSAGE })!;
    let options: SeparationOptions;
    if (method === 'eckhardt') {
      for (const o of ['passes', 'reflect']) if (args.has(o)) throw new UsageError(`--${o} applies only to --method lyne-hollick`);
      let initial: EckhardtInitial = 'first-flow';
      const init = args.string('initial');
      if (init !== undefined) {
        if (init === 'first-flow' || init === 'zero-state') initial = init;
        else {
          const v = Number(init);
          if (init.trim() === '' || !Number.isFinite(v) || v < 0) throw new UsageError(`--initial must be first-flow, zero-state or a non-negative flow (got '${init}')`);
          initial = v;
        }
      }
      options = { method, a, bfiMax, initial };
    } else {
      if (args.has('bfimax')) throw new UsageError('--bfimax applies only to --method eckhardt');
      if (args.has('initial')) throw new UsageError('--initial applies only to --method eckhardt');
      if (a >= 1) throw new UsageError('the Lyne–Hollick filter parameter must be below 1');
      options = {
        method,
        alpha: a,
        passes: args.number('passes', { min: 1, integer: true, default: 3 }),
        reflect: args.number('reflect', { min: 0, integer: true, default: 30 }),
      };
      if (options.passes! % 2 === 0) throw new UsageError('--passes must be odd (forward, then backward–forward pairs)');
    }
    let text: string;
    try {
      text = readFileSync(input, 'utf8');
    } catch {
      throw new UsageError(`cannot read input file '${input}'`);
    }
    const series = parseDailyCsv(text);
    const r = separateBaseflow(series, options);
    const out = {
      method: r.method,
      filterParameter: a,
      bfiMax: method === 'eckhardt' ? bfiMax : null,
      bfi: r.bfi,
      segments: r.segments,
      days: r.days.map((d) => ({ date: d.date, flow: Number.isFinite(d.flow) ? d.flow : null, baseflow: d.baseflow })),
    };
    if (args.bool('json')) printJson(out);
    else {
      const lines = [
        `${method === 'eckhardt' ? `Eckhardt filter (a ${a}, BFImax ${bfiMax})` : `Lyne–Hollick filter (α ${a})`}: ${r.days.length} days, BFI ${r.bfi.toFixed(4)}`,
        'date,flow,baseflow',
        ...out.days.map((d) => `${d.date},${d.flow ?? ''},${d.baseflow === null ? '' : +d.baseflow.toPrecision(8)}`),
      ];
      process.stdout.write(lines.join('\n') + '\n');
    }
    return 0;
  });
}
