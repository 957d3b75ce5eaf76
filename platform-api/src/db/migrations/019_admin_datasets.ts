// Regional (HUC2) imports (issue 20; spec 3 §3 HUC2 import, §4 HUC2 regional import): one row per
// region and resolution found under DATA_DIR/huc2 (huc2-import/README.md), with the state the
// import page shows — idle, running (progress, message, abort asked), error, complete (date and
// time taken) — and the dataset it loaded. The soils import's state is the app setting
// 'huc2Soils' (it has no region).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('huc2_imports', (t) => {
    t.increments('id').primary();
    t.text('region').notNullable(); // the HUC2 code, e.g. '03'
    t.integer('digits').notNullable(); // resolution: 8, 10 or 12 (HUC8/10/12 subbasins)
    t.integer('dataset_id').references('datasets.id').onDelete('SET NULL');
    t.boolean('is_running').notNullable().defaultTo(false);
    t.boolean('abort_requested').notNullable().defaultTo(false);
    t.boolean('has_error').notNullable().defaultTo(false);
    t.text('exception_message').notNullable().defaultTo('');
    t.boolean('is_complete').notNullable().defaultTo(false);
    t.integer('progress').notNullable().defaultTo(0);
    t.text('status_message').notNullable().defaultTo('');
    t.timestamp('imported_date', { useTz: true });
    t.double('import_time'); // seconds the last complete import took
    t.unique(['region', 'digits']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('huc2_imports');
}
