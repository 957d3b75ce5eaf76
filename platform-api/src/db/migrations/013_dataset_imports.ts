// Uploaded project datasets (spec 3 §2.2, §3 Import dataset, §4): the imports (an uploaded zip
// checked and unpacked into FILES_DIR/imports/<token>/, then turned into a dataset by the
// `dataset-import` queue job), the groups a dataset is shared with, and the tiers a public
// user dataset is offered to (none: every tier).
//
// The dataset row itself keeps `user_id`, `accessibility` (User | Group | Public),
// `is_user_submitted`, `import_id` and `public_request` (migration 001/003).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dataset_imports', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // uploaded (checked and unpacked) | running | error | ready
    t.text('status').notNullable().defaultTo('uploaded');
    // the folder name under FILES_DIR/imports (a random token: the client's `uploadDirectory`)
    t.text('upload_directory').notNullable().unique();
    t.text('uploaded_file_name').notNullable().defaultTo('');
    t.bigInteger('uploaded_bytes').notNullable().defaultTo(0);
    // what the upload is: arcswat (TxtInOut + shapes) | txtinout | hawqs
    t.text('kind').notNullable().defaultTo('txtinout');
    t.text('txtinout_path').notNullable().defaultTo(''); // the TxtInOut folder inside the upload
    t.text('shapes_path'); // Watershed/Shapes (or the folder holding the subbasin shapefile)
    t.boolean('has_ending_sub_key').notNullable().defaultTo(false);
    t.text('ending_subbasin_name');
    t.boolean('has_swat_mdb').notNullable().defaultTo(false);
    t.boolean('is_sqlite').notNullable().defaultTo(false);
    t.text('project_mdb_name');
    // the create form
    t.text('name').notNullable().defaultTo('');
    t.text('description').notNullable().defaultTo('');
    t.text('attribution').notNullable().defaultTo('');
    t.integer('existing_dataset_id').references('datasets.id').onDelete('SET NULL');
    t.boolean('is_hawqs_based').notNullable().defaultTo(false);
    // the job's state (kept for the status call after a reload)
    t.boolean('is_running').notNullable().defaultTo(false);
    t.boolean('has_error').notNullable().defaultTo(false);
    t.text('exception_message');
    t.integer('progress_percent').notNullable().defaultTo(0);
    t.text('progress_message').notNullable().defaultTo('');
    t.integer('dataset_id').references('datasets.id').onDelete('SET NULL'); // the dataset made
    t.jsonb('summary'); // what the import found (subbasins, HRUs, weather, databases)
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'status']);
  });

  await knex.schema.createTable('dataset_groups', (t) => {
    t.integer('dataset_id').notNullable().references('datasets.id').onDelete('CASCADE');
    t.integer('group_id').notNullable().references('groups.id').onDelete('CASCADE');
    t.integer('shared_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('shared_on', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['dataset_id', 'group_id']);
    t.index(['group_id']);
  });

  await knex.schema.createTable('dataset_tiers', (t) => {
    t.integer('dataset_id').notNullable().references('datasets.id').onDelete('CASCADE');
    t.integer('tier_id').notNullable().references('tiers.id').onDelete('CASCADE');
    t.primary(['dataset_id', 'tier_id']);
  });

  await knex.schema.alterTable('datasets', (t) => {
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('datasets', (t) => {
    t.dropIndex(['user_id']);
  });
  for (const table of ['dataset_tiers', 'dataset_groups', 'dataset_imports']) await knex.schema.dropTableIfExists(table);
}
