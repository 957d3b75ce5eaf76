// Administrator area, users and tiers (issue 19): the audit log of every change an
// administrator makes to a user account or a tier (who, what, when). The user and tier columns
// of spec 3 §3 (tierExpiration, lockoutEndDate, hideFromDisplay, featureList, datasets...) exist
// since 001_foundation.ts.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_audit_log', (t) => {
    t.increments('id').primary();
    t.text('entity').notNullable(); // user | tier
    // The record changed; kept as a plain id (no foreign key) so that the entries about an
    // account or tier outlive its deletion, with its name at the time.
    t.integer('entity_id').notNullable();
    t.text('entity_name').notNullable().defaultTo('');
    t.integer('actor_id').references('users.id').onDelete('SET NULL');
    t.text('actor_name').notNullable();
    t.text('action').notNullable(); // profile, password, role, lock, unlock, approve, deny, delete, tier, accesscode, create, update...
    t.text('details').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['entity', 'entity_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('admin_audit_log');
}
