// One knex instance per process. PostgreSQL when DATABASE_URL is set, otherwise PGlite
// (real Postgres compiled to WASM) under DATA_DIR/db. PGlite has ONE connection: inside a
// transaction every query must use the transaction object, or it waits forever.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { Model, knexSnakeCaseMappers, snakeCaseMappers } from 'objection';
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
 * A hot query as a named prepared statement: PostgreSQL parses and plans it once per connection
 * instead of on every call, which was most of the database's time for the project page
 * (bench/suites/api.ts); the SQL is a constant (knex's builder is not run either). Rows come
 * as the database names its columns (snake_case): `camelRow` maps one as the models expect.
 * PGlite ignores the name.
 */
export async function preparedRows<T = Record<string, unknown>>(db: Knex, name: string, sql: string, bindings: readonly Knex.Value[]): Promise<T[]> {
  const raw = db.raw(sql, bindings as Knex.Value[]) as Knex.Raw & { options(o: object): Knex.Raw };
  return ((await raw.options({ name: `hw-${name}` })) as unknown as { rows: T[] }).rows;
}

const { parse: camelCaseKeys } = snakeCaseMappers();
/** A row of `preparedRows` with the property names the models use (the knex mappers' rule). */
export function camelRow(row: Record<string, unknown>): Record<string, unknown> {
  return camelCaseKeys(row) as Record<string, unknown>;
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
