// Output matrices compressed with LZ4 (issue 23, output loading speed). 005 stored them
// uncompressed (storage external: pglz cost more than it saved); LZ4 is cheap enough that a
// 13-year daily run's 81 MB of matrices go in as 23 MB: a third of the WAL and TOAST writes, and
// the COPY measured faster (1.0–1.2 s against 1.6–4.1 s, PostgreSQL's CPU 0.6–0.7 s against
// 0.8–1.2 s, alternating rounds on the loaded 2-core reference machine). The price is on reads of
// one unit's slice, which now decompress the matrix up to it: at worst (the last of 40 units of a
// 760 KB matrix) 2.7–3.9 ms against 1.2–1.6 ms; whole matrices (maps) read as fast or faster.
// Values are unchanged. Servers built without LZ4 (and PGlite) keep 005's storage.
import type { Knex } from 'knex';

async function hasLz4(knex: Knex): Promise<boolean> {
  const rows = (await knex.raw(`select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)`)).rows as unknown[];
  return rows.length > 0;
}

export async function up(knex: Knex): Promise<void> {
  if (await hasLz4(knex)) await knex.raw('alter table scenario_output_series alter column data set storage extended, alter column data set compression lz4');
}

export async function down(knex: Knex): Promise<void> {
  if (await hasLz4(knex)) await knex.raw('alter table scenario_output_series alter column data set storage external, alter column data set compression default');
}
