// Accounts: single-use mailed codes (confirm, reset, change e-mail, multi-factor), remembered
// devices, revoked tokens, login throttling, notifications, tier requests, spent captcha
// challenges; the user columns registration needs.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    // The bootstrap administrator (seeded with a placeholder address) signs in without the
    // mailed code until its e-mail is changed; see plugins/account/README.md.
    t.boolean('mfa_exempt').notNullable().defaultTo(false);
  });
  await knex.raw(`update users set mfa_exempt = true where roles @> '["Admin"]'::jsonb and email_confirmed`);

  await knex.schema.createTable('user_codes', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable(); // confirm | reset | changeemail | mfa
    t.text('code_hash').notNullable();
    t.text('data'); // the new address of an e-mail change
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'kind']);
    t.index(['code_hash']);
  });

  await knex.schema.createTable('user_devices', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('revoked_tokens', (t) => {
    t.text('jti').primary();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('login_throttle', (t) => {
    t.text('key').primary(); // user:{name} | ip:{address}
    t.integer('failures').notNullable().defaultTo(0);
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.timestamp('locked_until', { useTz: true });
  });

  await knex.schema.createTable('notifications', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('details').notNullable().defaultTo('');
    t.text('url');
    t.text('url_text');
    t.boolean('is_read').notNullable().defaultTo(false);
    t.timestamp('notification_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });

  await knex.schema.createTable('tier_requests', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('tier_id').references('tiers.id').onDelete('SET NULL');
    t.text('value').notNullable();
    t.text('time').notNullable();
    t.text('status').notNullable().defaultTo('open');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('captcha_spent', (t) => {
    t.text('challenge').primary();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['captcha_spent', 'tier_requests', 'notifications', 'login_throttle', 'revoked_tokens', 'user_devices', 'user_codes']) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('users', (t) => t.dropColumn('mfa_exempt'));
}
