// The platform's own tables: settings, users and tiers (extended by the accounts issue),
// the plugin registry, site text, and the dataset basics the help pages read.
import type { Knex } from 'knex';

function timestamps(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('app_settings', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    timestamps(t, knex);
  });

  await knex.schema.createTable('tiers', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique();
    t.text('description').notNullable().defaultTo('');
    t.boolean('is_default').notNullable().defaultTo(false);
    t.boolean('hide_from_display').notNullable().defaultTo(false);
    t.integer('subbasin_limit').notNullable().defaultTo(0);
    t.integer('hru_limit').notNullable().defaultTo(0);
    t.integer('task_limit').notNullable().defaultTo(0);
    t.integer('task_limit_interval').notNullable().defaultTo(24);
    t.integer('concurrency_limit').notNullable().defaultTo(0);
    t.text('queue_priority').notNullable().defaultTo('default');
    t.integer('dataset_upload_limit').notNullable().defaultTo(0);
    t.jsonb('feature_list').notNullable().defaultTo('[]');
    t.jsonb('datasets').notNullable().defaultTo('[]');
    t.integer('sort_order').notNullable().defaultTo(0);
    timestamps(t, knex);
  });

  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.text('user_name').notNullable();
    t.text('email').notNullable();
    t.text('password_hash').notNullable();
    t.text('first_name').notNullable().defaultTo('');
    t.text('last_name').notNullable().defaultTo('');
    t.text('affiliation').notNullable().defaultTo('');
    t.text('organization_category').notNullable().defaultTo('');
    t.text('reason_for_use').notNullable().defaultTo('');
    t.text('country').notNullable().defaultTo('United States');
    t.text('state');
    t.integer('units').notNullable().defaultTo(0);
    t.boolean('email_confirmed').notNullable().defaultTo(false);
    t.jsonb('roles').notNullable().defaultTo('[]');
    t.jsonb('feature_access').notNullable().defaultTo('[]');
    t.integer('tier_id').references('tiers.id').onDelete('SET NULL');
    t.timestamp('tier_expiration', { useTz: true });
    t.boolean('is_locked_out').notNullable().defaultTo(false);
    t.timestamp('lockout_end_date', { useTz: true });
    t.timestamp('last_login_date', { useTz: true });
    t.integer('token_version').notNullable().defaultTo(0);
    timestamps(t, knex);
  });
  await knex.raw('create unique index users_user_name_lower on users (lower(user_name))');
  await knex.raw('create index users_email_lower on users (lower(email))');

  await knex.schema.createTable('plugins', (t) => {
    t.text('id').primary();
    t.text('kind').notNullable();
    t.text('title').notNullable();
    t.text('version').notNullable().defaultTo('0.0.0');
    t.text('entry').notNullable();
    t.text('source').notNullable().defaultTo('workspace'); // workspace | external
    t.boolean('enabled').notNullable().defaultTo(true);
    t.boolean('admin_set').notNullable().defaultTo(false); // an administrator chose `enabled`
    t.jsonb('manifest').notNullable().defaultTo('{}');
    t.jsonb('settings').notNullable().defaultTo('{}');
    t.jsonb('secret_settings').notNullable().defaultTo('{}');
    t.integer('sort_order').notNullable().defaultTo(100);
    timestamps(t, knex);
  });

  await knex.schema.createTable('site_text', (t) => {
    t.text('name').primary(); // website text fields and page texts (Help, PointSource, ...)
    t.text('value').notNullable().defaultTo('');
    t.boolean('is_page').notNullable().defaultTo(false);
    timestamps(t, knex);
  });

  await knex.schema.createTable('datasets', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('attribution').notNullable().defaultTo('');
    t.text('version').notNullable().defaultTo('1');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('load_by_default').notNullable().defaultTo(false);
    t.boolean('is_user_submitted').notNullable().defaultTo(false);
    t.boolean('hide_from_help_table').notNullable().defaultTo(false);
    t.integer('option_order').notNullable().defaultTo(0);
    t.text('option_group').notNullable().defaultTo('System datasets');
    t.text('accessibility').notNullable().defaultTo('Public');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.double('min_lat');
    t.double('max_lat');
    t.double('min_lon');
    t.double('max_lon');
    timestamps(t, knex);
  });

  await knex.schema.createTable('land_use_codes', (t) => {
    t.integer('dataset_id').notNullable().references('datasets.id').onDelete('CASCADE');
    t.text('code').notNullable();
    t.text('name').notNullable();
    t.primary(['dataset_id', 'code']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['land_use_codes', 'datasets', 'site_text', 'plugins', 'users', 'tiers', 'app_settings']) {
    await knex.schema.dropTableIfExists(table);
  }
}
