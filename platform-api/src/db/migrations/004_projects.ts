// Projects (spec 1 §3, §4): a watershed cut from a dataset, owned by one user. The project
// keeps its own copy of the watershed's subbasins and HRUs (so a reloaded dataset never
// changes a project): each HRU row holds its original area and fraction and its current
// (trimmed) area, fraction and `removed` flag — the original and trimmed HRU tables are the
// same rows. Status flags and the last progress live on the project row; documents and zips
// are files under FILES_DIR/projects/{id}.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('projects', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('dataset_id').references('datasets.id').onDelete('SET NULL');
    t.text('name').notNullable();
    t.integer('ending_subbasin_id'); // dataset subbasin id (no FK: a reloaded dataset keeps projects)
    t.text('ending_subbasin').notNullable().defaultTo(''); // its name
    t.jsonb('starting_subbasin_ids').notNullable().defaultTo('[]');
    t.integer('num_subbasins').notNullable().defaultTo(0);
    t.integer('num_hrus').notNullable().defaultTo(0);
    t.integer('num_original_hrus').notNullable().defaultTo(0);
    t.double('total_area').notNullable().defaultTo(0); // km²
    t.double('total_land_area').notNullable().defaultTo(0); // km²
    t.boolean('is_regional').notNullable().defaultTo(false);
    t.double('min_lon');
    t.double('min_lat');
    t.double('max_lon');
    t.double('max_lat');
    // HRU setting (the HRU form of spec 1 §3)
    t.text('method'); // target | area | percent; null until HRUs are set
    t.text('units');
    t.double('target_threshold');
    t.double('landuse_threshold');
    t.double('soil_threshold');
    t.double('slope_threshold');
    t.jsonb('exempt_landuse').notNullable().defaultTo('[]');
    t.jsonb('no_area_redistribution').notNullable().defaultTo('[]');
    t.double('trimmed_landuse_area');
    t.jsonb('original_groups');
    t.jsonb('trimmed_groups');
    // status (spec 1 §3 Status) and the last progress reported
    t.boolean('has_error').notNullable().defaultTo(false);
    t.boolean('is_creating').notNullable().defaultTo(false);
    t.boolean('is_created').notNullable().defaultTo(false);
    t.boolean('is_copying').notNullable().defaultTo(false);
    t.boolean('is_setting_hrus').notNullable().defaultTo(false);
    t.boolean('has_set_hrus').notNullable().defaultTo(false);
    t.boolean('is_zipping').notNullable().defaultTo(false);
    t.text('status_message').notNullable().defaultTo('');
    t.text('exception_message').notNullable().defaultTo('');
    t.integer('progress_percent').notNullable().defaultTo(0);
    t.text('progress_message').notNullable().defaultTo('');
    // the project zip (downloads page)
    t.text('zip_file');
    t.timestamp('zip_created_on', { useTz: true });
    t.boolean('zip_include_gis').notNullable().defaultTo(false);
    t.boolean('zip_abort').notNullable().defaultTo(false);
    t.integer('copied_from_id');
    t.timestamp('last_modified_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'last_modified_date']);
  });

  await knex.schema.createTable('project_subbasins', (t) => {
    t.increments('id').primary();
    t.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE');
    t.integer('subbasin_id').notNullable(); // dataset subbasin
    t.integer('number').notNullable(); // 1..n within the project (SWAT numbering)
    t.integer('dataset_number').notNullable();
    t.text('name').notNullable();
    t.integer('downstream_subbasin_id'); // dataset id of the next subbasin down, null at the outlet
    t.text('downstream_name');
    t.double('area').notNullable();
    t.double('land_area').notNullable();
    t.double('cumulative_area').notNullable();
    t.double('elevation');
    t.integer('num_hrus').notNullable().defaultTo(0);
    t.boolean('is_downstream').notNullable().defaultTo(false);
    t.boolean('is_starting').notNullable().defaultTo(false);
    t.unique(['project_id', 'subbasin_id']);
    t.index(['project_id', 'number']);
  });

  await knex.schema.createTable('project_hrus', (t) => {
    t.bigIncrements('id').primary();
    t.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE');
    t.integer('hru_id').notNullable(); // dataset HRU
    t.integer('subbasin_id').notNullable(); // dataset subbasin
    t.integer('subbasin').notNullable(); // project subbasin number
    t.text('subbasin_name').notNullable();
    t.integer('number').notNullable(); // HRU number within the subbasin
    t.text('landuse').notNullable();
    t.text('soil').notNullable();
    t.text('slope_class').notNullable();
    t.double('slope').notNullable();
    t.double('slope_length').notNullable();
    t.double('original_area').notNullable();
    t.double('original_fraction').notNullable();
    t.double('area').notNullable();
    t.double('fraction').notNullable();
    t.double('cn2').notNullable();
    t.double('ov_n').notNullable();
    t.integer('sort_order').notNullable();
    t.boolean('removed').notNullable().defaultTo(false);
    t.index(['project_id', 'sort_order']);
  });
  // The HRU table's default page (current HRUs by sortOrder) reads 100 index entries.
  await knex.raw('create index project_hrus_current on project_hrus (project_id, sort_order) where not removed');
  // ... and the most asked-for sort, by area (other columns sort the project's rows in memory).
  await knex.raw('create index project_hrus_current_area on project_hrus (project_id, area, sort_order) where not removed');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['project_hrus', 'project_subbasins', 'projects']) await knex.schema.dropTableIfExists(table);
}
