// Scenarios (spec 2 §3): SWAT versions, climate-change options, scenarios with their run status,
// saved modifications (the generic change store), error reports and the loaded outputs.
//
// Outputs: one row per (scenario, file, period, variable) holding a Float32 little-endian
// matrix [unit][time] in `bytea` (storage EXTERNAL: uncompressed, so `substring` reads one unit's
// series without fetching the rest). A chart reads one slice per variable, a map one row; a
// daily five-year run of 100 subbasins is ~40 rows per file instead of 180,000 × 40 values.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('swat_versions', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    // `builtin:` + engine name for the built-in engine; otherwise a file under SWAT_EXECUTABLES_DIR
    t.text('release_file_name').notNullable();
    t.text('debug_file_name').notNullable().defaultTo('');
    t.boolean('is_default').notNullable().defaultTo(false);
    t.boolean('is_disabled').notNullable().defaultTo(false);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('climate_change_scenarios', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.integer('cmip_version');
    t.integer('sort_order').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('climate_change_time_periods', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.integer('cmip_version');
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('scenarios', (t) => {
    t.increments('id').primary();
    t.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('SET NULL'); // who created it
    t.text('name').notNullable();
    t.integer('weather_dataset_id').references('weather_datasets.id').onDelete('SET NULL');
    t.integer('climate_change_scenario_id').references('climate_change_scenarios.id').onDelete('SET NULL');
    t.integer('climate_change_time_period_id').references('climate_change_time_periods.id').onDelete('SET NULL');
    t.integer('swat_version_id').references('swat_versions.id').onDelete('SET NULL');
    t.integer('print_setting').notNullable().defaultTo(1); // SWAT IPRINT: 1 daily, 0 monthly, 2 yearly
    t.integer('skip_years').notNullable().defaultTo(2);
    t.date('starting_simulation_date').notNullable();
    t.date('ending_simulation_date').notNullable();
    t.text('path_name').notNullable().defaultTo(''); // run folder under FILES_DIR
    // status (spec 2 §3 Scenario status)
    t.boolean('is_running').notNullable().defaultTo(false);
    t.boolean('has_run').notNullable().defaultTo(false);
    t.boolean('has_error').notNullable().defaultTo(false);
    t.boolean('abort_requested').notNullable().defaultTo(false);
    t.text('status_message').notNullable().defaultTo('');
    t.text('exception_message').notNullable().defaultTo('');
    t.integer('current_progress').notNullable().defaultTo(0);
    t.timestamp('start_run_date', { useTz: true });
    t.timestamp('last_run_date', { useTz: true });
    t.double('runtime'); // seconds, last successful run
    t.jsonb('run_settings').notNullable().defaultTo('{}');
    t.jsonb('run_summary'); // engine figures of the last run (HRU-days per second, output rows...)
    t.text('job_id');
    t.boolean('has_files').notNullable().defaultTo(false); // scenario files (TxtInOut + outputs) kept
    t.boolean('has_debug_files').notNullable().defaultTo(false);
    t.timestamp('last_modified_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['project_id', 'last_modified_date']);
  });

  await knex.schema.createTable('scenario_modifications', (t) => {
    t.increments('id').primary();
    t.integer('scenario_id').notNullable().references('scenarios.id').onDelete('CASCADE');
    t.text('mod_type').notNullable(); // Bsn, Cn2Percent, Wgn, ...
    t.boolean('apply_to_all').notNullable().defaultTo(false);
    t.jsonb('subbasins').notNullable().defaultTo('[]'); // dataset subbasin ids
    t.jsonb('landuses').notNullable().defaultTo('[]');
    t.jsonb('soils').notNullable().defaultTo('[]');
    t.jsonb('slopes').notNullable().defaultTo('[]');
    t.jsonb('months').notNullable().defaultTo('[]');
    t.jsonb('modification_object').notNullable().defaultTo('{}');
    t.timestamp('last_modified_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['scenario_id', 'mod_type']);
  });

  await knex.schema.createTable('error_reports', (t) => {
    t.increments('id').primary();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.integer('project_id').references('projects.id').onDelete('SET NULL');
    t.integer('scenario_id').references('scenarios.id').onDelete('SET NULL');
    t.text('title').notNullable();
    t.text('message').notNullable().defaultTo('');
    t.text('exception').notNullable().defaultTo('');
    t.text('user_comments').notNullable().defaultTo('');
    t.text('status').notNullable().defaultTo('Submitted'); // Submitted | Working | Resolved
    t.timestamp('date_submitted', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['date_submitted']);
  });

  // what was loaded from one output file and period: the axes of its matrices
  await knex.schema.createTable('scenario_output_sets', (t) => {
    t.integer('scenario_id').notNullable().references('scenarios.id').onDelete('CASCADE');
    t.text('kind').notNullable(); // rch | sub | hru
    t.text('period').notNullable(); // day | month | year
    t.jsonb('variables').notNullable(); // SWAT column names, in file order
    t.jsonb('units').notNullable(); // rch/sub: [number]; hru: [{ unit, sub, gis, lulc }]
    t.jsonb('times').notNullable(); // day: yyyymmdd, month: yyyymm, year: yyyy
    t.jsonb('areas'); // km² per unit
    t.integer('num_rows').notNullable(); // output rows (unit × time lines)
    t.primary(['scenario_id', 'kind', 'period']);
  });
  await knex.schema.createTable('scenario_output_series', (t) => {
    t.integer('scenario_id').notNullable().references('scenarios.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('period').notNullable();
    t.text('variable').notNullable();
    t.binary('data').notNullable(); // Float32 LE [unit][time]
    t.primary(['scenario_id', 'kind', 'period', 'variable']);
  });
  await knex.raw('alter table scenario_output_series alter column data set storage external');

  // the built-in engine is the default SWAT version
  await knex('swat_versions').insert({
    name: 'SWAT2012 rev. 664 (Headwater built-in engine)',
    release_file_name: 'builtin:headwater',
    debug_file_name: '',
    is_default: true,
    sort_order: 0,
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'scenario_output_series',
    'scenario_output_sets',
    'error_reports',
    'scenario_modifications',
    'scenarios',
    'climate_change_time_periods',
    'climate_change_scenarios',
    'swat_versions',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
