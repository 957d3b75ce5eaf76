// Login throttling by (user name, client address) (issue 23): one row per pair, counted by a
// single upsert, so concurrent wrong passwords are counted exactly and a stranger's failures
// from another address never lock the owner out. Replaces 002's login_throttle (keyed by user
// name OR address, read-then-write: it raced and let anyone lock any account).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_failures', (t) => {
    t.text('user_key').notNullable(); // the user name, trimmed and lower-cased (≤ 100 characters); '*': every name from the address
    t.text('address').notNullable(); // the client's address (http/headers.ts clientAddress)
    t.integer('failures').notNullable().defaultTo(0); // attempts counted since the last success
    t.timestamp('last_attempt', { useTz: true }).notNullable();
    t.timestamp('locked_until', { useTz: true });
    t.boolean('refused').notNullable().defaultTo(false); // the last attempt came while locked (the upsert returns it)
    t.primary(['user_key', 'address']);
  });
  await knex.schema.dropTableIfExists('login_throttle');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('login_failures');
  await knex.schema.createTable('login_throttle', (t) => {
    t.text('key').primary();
    t.integer('failures').notNullable().defaultTo(0);
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.timestamp('locked_until', { useTz: true });
  });
}
