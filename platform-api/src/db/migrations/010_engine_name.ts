// The built-in engine's name says what it is: SWAT2012 rev 637 compatible, not a SWAT revision
// (issue 22). Renames the row 005 seeded unless an administrator renamed it since.
import type { Knex } from 'knex';

const OLD = 'SWAT2012 rev. 664 (Headwater built-in engine)';
export const ENGINE_NAME = 'Headwater engine (SWAT2012 rev 637 compatible)';

export async function up(knex: Knex): Promise<void> {
  await knex('swat_versions').where({ release_file_name: 'builtin:headwater', name: OLD }).update({ name: ENGINE_NAME });
}

export async function down(knex: Knex): Promise<void> {
  await knex('swat_versions').where({ release_file_name: 'builtin:headwater', name: ENGINE_NAME }).update({ name: OLD });
}
