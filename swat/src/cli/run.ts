// hw-swat run [dir] — runs the built-in engine in a TxtInOut folder like the SWAT
// executable: reads file.cio there, writes output.std/.rch/.sub/.hru, progress on stderr.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, printJson, runCommand, UsageError } from './_args.ts';
import { InputError, runSimulation } from '../engine/index.ts';

export const summary = 'run the Headwater engine (SWAT2012 rev 637 compatible) in a TxtInOut folder (writes output.std/.rch/.sub/.hru)';

const USAGE = `usage: hw-swat run [dir] [--quiet] [--json] [--threads N]
  dir          TxtInOut folder with file.cio (default: the current folder)
  --quiet      no progress on stderr
  --json       print the run summary (average annual basin values, timing) as JSON on stdout
  --threads N  threads simulating HRUs (default: 2 on 2 cores from 1,000,000 HRU-days on, or HW_SWAT_THREADS)`;

export async function run(argv: string[]): Promise<number> {
  return runCommand('run', async () => {
    if (argv.includes('--help') || argv.includes('-h')) {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    const args = parseArgs(argv, { booleans: ['quiet', 'json'], strings: ['threads'] });
    const threadsArg = args.string('threads');
    const threads = threadsArg === undefined ? undefined : Number(threadsArg);
    if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) throw new UsageError(`--threads wants a whole number >= 1\n${USAGE}`);
    if (args.positionals.length > 1) throw new UsageError(`too many arguments\n${USAGE}`);
    const dir = resolve(args.positionals[0] ?? '.');
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`not a folder: ${dir}`);
    if (!existsSync(resolve(dir, 'file.cio')) && !existsSync(resolve(dir, 'FILE.CIO'))) {
      throw new UsageError(`no file.cio in ${dir}: not a SWAT TxtInOut folder`);
    }
    const quiet = args.bool('quiet');
    let last = '';
    try {
      const s = await runSimulation(dir, {
        threads,
        onProgress: (pct, msg) => {
          if (quiet || msg === last) return;
          last = msg;
          process.stderr.write(`  ${msg}  [${pct}%]\n`);
        },
      });
      for (const x of s.notes) process.stderr.write(`  note: ${x}\n`);
      if (!quiet) {
        process.stderr.write(`  Execution successfully completed: ${s.hrus} HRUs, ${s.years} years in ${s.seconds.toFixed(2)} s\n`);
      }
      if (args.bool('json')) printJson(s);
      return 0;
    } catch (err) {
      if (err instanceof InputError) throw new UsageError(`bad input: ${err.message}`);
      throw err;
    }
  });
}
