// Migrations are listed here in order (no directory scanning: the same list works from
// source, in tests and in workers). Each module exports `up` and `down`.
import type { Knex } from 'knex';
import * as foundation from './001_foundation.ts';

type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };
const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
