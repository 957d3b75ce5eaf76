// Loads a dataset folder into a PostgreSQL database (migrating it first) through the platform's
// loader: `node datasets/src/synthetic.ts ... --load` and the bench. Imports platform-api by
// path so the generator itself needs no database packages.
import { createDb, migrate } from '../../platform-api/src/db/index.ts';
import { loadDatasetDir, type LoadOptions, type LoadResult } from '../../platform-api/src/modules/datasets/loader.ts';

export async function loadIntoDatabase(databaseUrl: string, dir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const db = createDb({ databaseUrl, dataDir: '' });
  try {
    await migrate(db);
    return await loadDatasetDir(db, dir, options);
  } finally {
    await db.destroy();
  }
}
