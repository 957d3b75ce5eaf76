// Migrations are the files `NNN_name.ts` in this folder, applied in name order. Each module
// exports `up` and `down`. A migration that has run is never edited: add a new file.
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Knex } from 'knex';

type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((f) => /^\d{3}_[a-z0-9_]+\.ts$/.test(f))
  .sort();

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => files.map((f) => f.slice(0, -3)),
  getMigrationName: (name) => name,
  getMigration: async (name) => (await import(pathToFileURL(join(dir, `${name}.ts`)).href)) as Migration,
};
