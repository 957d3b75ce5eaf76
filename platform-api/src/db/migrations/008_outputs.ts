// Observed data of a dataset's gauges (the outputs API overlays them on charts and fits the
// model to them, modules/outputs/README.md): one row per calibration site and variable, the
// daily values as a Float32 little-endian array (NaN where a day has no value), as weather
// series are stored. The dataset loader fills it from the dataset's observed.csv.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('calibration_site_series', (t) => {
    t.increments('id').primary();
    t.integer('site_id').notNullable().references('calibration_sites.id').onDelete('CASCADE');
    t.text('variable').notNullable(); // the output it is compared with: FLOW_OUT
    t.text('output_type').notNullable().defaultTo('OutputRch');
    t.text('name').notNullable(); // 'Observed daily discharge'
    t.text('units').notNullable(); // metric units of the values: m³/s
    t.date('start_date').notNullable();
    t.integer('num_days').notNullable();
    t.binary('series').notNullable(); // Float32 LE, one value per day from start_date
    t.text('source').notNullable().defaultTo('');
    t.unique(['site_id', 'variable']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('calibration_site_series');
}
