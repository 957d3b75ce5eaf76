// In-repo fixtures of the engine's fidelity tests (fixtures/README.md): a TxtInOut folder
// unpacked from its .tar.gz into a fresh temporary folder, and the CSV extracts of rev 637's
// daily outputs.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const FIXTURES = join(import.meta.dirname, 'fixtures');

/** Unpacks fixtures/<name>/TxtInOut.tar.gz (ustar, regular files and folders) into a new
 * temporary folder and returns its path. */
export function fixtureProject(name: string): string {
  return unpackFixture(name, 'TxtInOut.tar.gz', mkdtempSync(join(tmpdir(), `hw-${name}-`)));
}

/** A SWAT run folder as the platform keeps it: the project's inputs with rev 637's outputs of
 * one print setting (`outputs_daily.tar.gz`, `outputs_monthly.tar.gz`) unpacked over them. */
export function fixtureRun(name: string, print: 'daily' | 'monthly'): string {
  return unpackFixture(name, `outputs_${print}.tar.gz`, fixtureProject(name));
}

/** Unpacks fixtures/<name>/<archive> into `dir` and returns `dir`. */
export function unpackFixture(name: string, archive: string, dir: string): string {
  const tar = gunzipSync(readFileSync(join(FIXTURES, name, archive)));
  let o = 0;
  while (o + 512 <= tar.length) {
    const h = tar.subarray(o, o + 512);
    if (h.every((b) => b === 0)) break;
    const str = (a: number, b: number) => h.subarray(a, b).toString('latin1').replace(/\0.*$/s, '');
    const size = parseInt(str(124, 136).trim() || '0', 8);
    const type = str(156, 157);
    const path = (str(345, 500) ? str(345, 500) + '/' : '') + str(0, 100);
    o += 512;
    const rel = path.replace(/^\.\//, '');
    if ((type === '0' || type === '') && rel) {
      const dest = join(dir, rel);
      mkdirSync(dirname(dest), { recursive: true });
      writeFileSync(dest, tar.subarray(o, o + size));
    }
    o += Math.ceil(size / 512) * 512;
  }
  return dir;
}

/** A fixture CSV extract (gzip): rows of numbers keyed by column name. */
export function fixtureCsv(name: string, file: string): { columns: string[]; rows: number[][] } {
  const text = gunzipSync(readFileSync(join(FIXTURES, name, file))).toString('utf8');
  const lines = text.trim().split('\n');
  const columns = lines[0].split(',');
  return { columns, rows: lines.slice(1).map((l) => l.split(',').map(Number)) };
}

/** Daily series per unit of one column of a fixture CSV (index = day). */
export function fixtureSeries(name: string, file: string, column: string): Map<number, number[]> {
  const { columns, rows } = fixtureCsv(name, file);
  const ci = columns.indexOf(column);
  if (ci < 0) throw new Error(`${file}: no column ${column}`);
  const out = new Map<number, number[]>();
  for (const r of rows) {
    let a = out.get(r[1]);
    if (!a) out.set(r[1], (a = []));
    a[r[0]] = r[ci];
  }
  return out;
}

export function fixtureText(name: string, file: string): string {
  const b = readFileSync(join(FIXTURES, name, file));
  return (file.endsWith('.gz') ? gunzipSync(b) : b).toString('latin1');
}
