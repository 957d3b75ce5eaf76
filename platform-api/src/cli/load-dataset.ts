// Loads a dataset folder in the shipped format (datasets/README.md) into DATABASE_URL
// (PostgreSQL), migrating it first, through the platform's loader (modules/datasets/loader.ts):
//
//   node platform-api/src/cli/load-dataset.ts <dir> [--key k] [--name text] [--replace]
//   node platform-api/src/cli/load-dataset.ts --synthetic --subbasins N --hrus M [--seed n]
//        [--years 2000-2012] [--out dir] [--key k] [--name text]
//
// `--synthetic` writes a generated watershed first (@headwater/datasets' generator, the same
// options as `npm run dataset:synthetic`) and always replaces. The loader lives here, in
// platform-api: @headwater/datasets keeps the data and the generator and imports nothing of
// the platform (no package cycle).
import { join, resolve } from 'node:path';
import { writeSynthetic } from '@headwater/datasets/src/synthetic.ts';
import { createDb, migrate } from '../db/index.ts';
import { loadDatasetDir, type LoadOptions, type LoadResult } from '../modules/datasets/loader.ts';

export async function loadIntoDatabase(databaseUrl: string, dir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const db = createDb({ databaseUrl, dataDir: '' });
  try {
    await migrate(db);
    return await loadDatasetDir(db, dir, options);
  } finally {
    await db.destroy();
  }
}

function parseArgs(argv: string[]) {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const valued = new Set(['key', 'name', 'subbasins', 'hrus', 'seed', 'years', 'out']);
  const positional = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && argv[i - 1]!.startsWith('--') && valued.has(argv[i - 1]!.slice(2))));
  const synthetic = argv.includes('--synthetic');
  const subbasins = Number(get('subbasins') ?? 2000);
  const hrus = Number(get('hrus') ?? subbasins * 75);
  const seed = Number(get('seed') ?? 1);
  const years = get('years')?.split('-').map(Number) as [number, number] | undefined;
  if (synthetic ? !Number.isInteger(subbasins) || subbasins < 1 || !Number.isInteger(hrus) || hrus < subbasins || !Number.isInteger(seed) : positional.length !== 1) {
    throw new Error('usage: load-dataset.ts <dir> [--key k] [--name text] [--replace]\n       load-dataset.ts --synthetic --subbasins N --hrus M (M >= N) [--seed n] [--years 2000-2012] [--out dir] [--key k] [--name text]');
  }
  return { dir: positional[0], synthetic, subbasins, hrus, seed, years, out: get('out'), key: get('key'), name: get('name'), replace: argv.includes('--replace') };
}

if (import.meta.main) {
  let a: ReturnType<typeof parseArgs>;
  try {
    a = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('load-dataset needs DATABASE_URL (PostgreSQL)');
    process.exit(2);
  }
  let dir = a.dir ? resolve(a.dir) : '';
  if (a.synthetic) {
    const root = resolve(import.meta.dirname, '..', '..', '..');
    dir = resolve(a.out ?? join(root, 'data', 'datasets', `synthetic-${a.subbasins}-${a.hrus}-s${a.seed}`));
    const t0 = performance.now();
    const { dataset } = writeSynthetic(dir, { subbasins: a.subbasins, hrus: a.hrus, seed: a.seed, years: a.years, key: a.key, name: a.name });
    console.log(`wrote ${dir}: ${dataset.subbasins.length} subbasins, ${dataset.hrus.length} HRUs (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  const res = await loadIntoDatabase(url, dir, { replace: a.synthetic || a.replace, key: a.key, name: a.name });
  console.log(`${res.loaded ? 'loaded' : 'already loaded:'} ${dir} into ${new URL(url).pathname.slice(1)} as dataset ${res.datasetId} (${res.subbasins} subbasins, ${res.hrus} HRUs) in ${(res.ms / 1000).toFixed(1)} s`);
}
