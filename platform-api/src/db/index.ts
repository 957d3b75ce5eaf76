// One knex instance per process. PostgreSQL when DATABASE_URL is set, otherwise PGlite
// (real Postgres compiled to WASM) under DATA_DIR/db. PGlite has ONE connection: inside a
// transaction every query must use the transaction object, or it waits forever.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { Model, knexSnakeCaseMappers } from 'objection';
import type { Config } from '../config.ts';
import { migrationSource } from './migrations/index.ts';

export type Db = Knex;

export function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Db {
  const common = { ...knexSnakeCaseMappers(), migrations: { migrationSource, tableName: 'knex_migrations' } };
  if (config.databaseUrl) {
    return knexFactory({ client: 'pg', connection: config.databaseUrl, pool: { min: 0, max: 10 }, ...common });
  }
  const dir = join(config.dataDir, 'db');
  mkdirSync(config.dataDir, { recursive: true });
  return knexFactory({
    client: ClientPgLite as unknown as Knex.Config['client'],
    dialect: 'postgres',
    connection: { filename: dir } as Knex.StaticConnectionConfig,
    ...common,
  } as Knex.Config);
}

/**
 * A hot query as a named prepared statement (`builder.onBuildKnex(statement('name'))`):
 * PostgreSQL parses and plans it once per connection instead of on every call, which was most
 * of the database's time for the project page's query (bench/suites/api.ts). The SQL text of a
 * name must never vary (bindings may). PGlite ignores the name.
 */
export function statement(name: string) {
  return (builder: Knex.QueryBuilder) => {
    builder.options({ name: `hw-${name}` });
  };
}

/** Binds Objection models to the database; returns the same knex for chaining. */
export function bindModels(db: Db): Db {
  Model.knex(db);
  return db;
}

export async function migrate(db: Db): Promise<string[]> {
  const [, done] = (await db.migrate.latest()) as [number, string[]];
  return done;
}

export function isPglite(config: Pick<Config, 'databaseUrl'>): boolean {
  return !config.databaseUrl;
}
