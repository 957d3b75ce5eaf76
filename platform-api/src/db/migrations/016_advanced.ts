// Advanced features (spec 3 §2.4, §2.5, §3, §4): API clients (the keys of the programmatic API),
// the signatures already seen (replay window), API requests (batch and regional runs) with the
// projects a batch made, and version-1 migration (verification codes and background imports).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // An API client: the shared key is public; the secret key is derived from it with the server's
  // key (modules/api-clients/keys.ts), so only its SHA-256 is kept, for audit.
  await knex.schema.createTable('api_clients', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('shared_key').notNullable().unique();
    t.text('secret_sha256').notNullable();
    t.integer('key_version').notNullable().defaultTo(1); // which derivation made the secret
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
    t.index(['user_id']);
  });

  // Signatures accepted within the replay window: the same signed request is refused a second time.
  await knex.schema.createTable('api_signatures_seen', (t) => {
    t.text('signature').primary();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at']);
  });

  // An API request (spec 3 §3 API request): a batch run or a regional project.
  await knex.schema.createTable('api_requests', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('request_type').notNullable(); // Batch | Regional
    t.text('name').notNullable();
    t.text('status').notNullable().defaultTo('Queued'); // Queued | Running | Completed | Aborting | Aborted | Error
    t.text('status_message').notNullable().defaultTo('');
    t.text('exception_message').notNullable().defaultTo('');
    t.boolean('is_running').notNullable().defaultTo(false);
    t.boolean('has_run').notNullable().defaultTo(false);
    t.boolean('has_error').notNullable().defaultTo(false);
    t.boolean('is_aborting').notNullable().defaultTo(false);
    t.boolean('is_aborted').notNullable().defaultTo(false);
    t.float('current_progress').notNullable().defaultTo(0);
    t.jsonb('settings').notNullable().defaultTo('{}');
    t.integer('num_projects').notNullable().defaultTo(0);
    t.integer('num_done').notNullable().defaultTo(0);
    t.integer('project_id').references('projects.id').onDelete('SET NULL'); // a regional request's project
    t.timestamp('start_run_date', { useTz: true });
    t.float('runtime'); // seconds
    t.timestamp('last_modified_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'request_type']);
  });

  // One row of a batch's CSV: the project made for it and its one scenario.
  await knex.schema.createTable('api_request_projects', (t) => {
    t.increments('id').primary();
    t.integer('request_id').notNullable().references('api_requests.id').onDelete('CASCADE');
    t.integer('row_number').notNullable();
    t.text('ending_subbasin').notNullable();
    t.jsonb('starting_subbasins').notNullable().defaultTo('[]');
    t.integer('project_id').references('projects.id').onDelete('SET NULL');
    t.integer('scenario_id').references('scenarios.id').onDelete('SET NULL');
    t.text('status').notNullable().defaultTo('Queued'); // Queued | Creating | Setting HRUs | Running | Completed | Skipped | Error
    t.text('status_message').notNullable().defaultTo('');
    t.float('progress').notNullable().defaultTo(0);
    t.boolean('is_done').notNullable().defaultTo(false);
    t.integer('attempts').notNullable().defaultTo(0);
    t.index(['request_id', 'row_number']);
  });

  // Version-1 migration: a code mailed to the address of a version-1 account, and the import.
  await knex.schema.createTable('v1_migrations', (t) => {
    t.increments('id').primary();
    t.text('v1_user_id').notNullable();
    t.text('email').notNullable();
    t.text('code').notNullable();
    t.timestamp('code_expires_at', { useTz: true }).notNullable();
    t.integer('user_id').references('users.id').onDelete('CASCADE'); // the account registered from it
    t.jsonb('projects_to_import').notNullable().defaultTo('[]');
    t.boolean('is_importing').notNullable().defaultTo(false);
    t.integer('num_imported').notNullable().defaultTo(0);
    t.text('import_error').notNullable().defaultTo('');
    t.timestamp('imported_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['v1_user_id']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('v1_migrations');
  await knex.schema.dropTableIfExists('api_request_projects');
  await knex.schema.dropTableIfExists('api_requests');
  await knex.schema.dropTableIfExists('api_signatures_seen');
  await knex.schema.dropTableIfExists('api_clients');
}
