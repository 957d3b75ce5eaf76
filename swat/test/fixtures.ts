// In-repo fixtures of the engine's fidelity tests (fixtures/README.md): a TxtInOut folder
// unpacked from its .tar.gz into a fresh temporary folder, and the CSV extracts of rev 637's
// daily outputs.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

// The reference data's layout (the team's folder that make-fixtures.ts reads), rebuilt from the
// in-repo fixtures, so that a test names a file as the reference data does. Each section is
// unpacked once into a cache folder under the system's temp folder, named by the hash of its
// archives (a changed fixture gets a new folder; concurrent test processes race harmlessly:
// each unpacks aside and renames into place, the loser drops its copy). Tests only read there
// (those that write copy the folder first).
type Section = { parts: string[]; files: [string, string][] };
const SECTIONS: Section[] = [
  { parts: ['lrew_swat2012', 'TxtInOut'], files: [['lrew_swat2012', 'TxtInOut.tar.gz'], ['lrew_swat2012', 'TxtInOut_rest.tar.gz']] },
  ...(['daily', 'monthly', 'yearly']).map((p) => ({ parts: ['lrew_swat2012', 'outputs_rev637', p], files: [['lrew_swat2012', `outputs_${p}.tar.gz`]] as [string, string][] })),
  { parts: ['lrew_swat2012', 'outputs_rev637', 'expected_summary.json'], files: [['lrew_swat2012', 'expected_summary.json']] },
  { parts: ['hawqs_huc0701_rev670', 'TxtInOut_subset'], files: [['hawqs_huc0701_rev670', 'TxtInOut_subset.tar.gz']] },
  { parts: ['reference'], files: [['reference', 'reference.tar.gz']] },
  { parts: ['rev_variants'], files: [['rev_variants', 'rev_variants.tar.gz']] },
];
const ready = new Map<Section, string>();

function sectionDir(section: Section): string {
  const known = ready.get(section);
  if (known) return known;
  const hash = createHash('sha256');
  for (const [name, file] of section.files) hash.update(readFileSync(join(FIXTURES, name, file)));
  const cache = join(tmpdir(), 'headwater-fixtures');
  const dir = join(cache, `${section.parts.join('_')}-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(dir)) {
    mkdirSync(cache, { recursive: true });
    const aside = mkdtempSync(join(cache, '.unpacking-'));
    for (const [name, file] of section.files) {
      if (file.endsWith('.tar.gz')) unpackFixture(name, file, aside);
      else writeFileSync(join(aside, file), readFileSync(join(FIXTURES, name, file)));
    }
    try {
      renameSync(aside, dir);
    } catch {
      rmSync(aside, { recursive: true, force: true }); // another process was first
    }
  }
  ready.set(section, dir);
  return dir;
}

/** A path laid out as in the reference data (`lrew_swat2012/TxtInOut/...`,
 * `lrew_swat2012/outputs_rev637/{daily,monthly,yearly}/...`, `.../expected_summary.json`,
 * `hawqs_huc0701_rev670/TxtInOut_subset/...`, `reference/...`, `rev_variants/...`), served
 * from the repository's fixtures. Throws for a file the fixtures do not hold. */
export function fixturePath(...parts: string[]): string {
  const section = SECTIONS.find((s) => s.parts.every((p, i) => parts[i] === p));
  if (!section) throw new Error(`no fixture holds ${parts.join('/')}`);
  const dir = sectionDir(section);
  const rest = parts.slice(section.parts.length);
  // a single-file section is cached as <dir>/<its file name>
  const p = section.files.length === 1 && !section.files[0][1].endsWith('.tar.gz') ? join(dir, section.files[0][1], ...rest) : join(dir, ...rest);
  if (!existsSync(p)) throw new Error(`no fixture holds ${parts.join('/')}`);
  return p;
}
