// Datasets (spec 1 §3, spec 3 admin dataset): the admin fields of a dataset, its subbasins
// (geometry, streams, routing link, SWAT subbasin/reach inputs), HRUs (the HRU table of spec 1
// plus the SWAT HRU inputs), soils, land-use templates, weather datasets with their daily
// series, calibrated watersheds with their gauge sites, and region GeoJSON.
//
// Geometry is GeoJSON (WGS84 lon/lat) in jsonb: PGlite has no PostGIS, and the calls only need
// a bounding-box prefilter (the bbox columns) and a point-in-polygon test done in the service.
//
// Weather series: one row per station and variable, the days as a little-endian Float32 array
// in bytea (`series`), from `start_date` for `num_days` days (temperature stores tmax then
// tmin, 2 × num_days values). SWAT's files carry 1 (pcp, tmp) or 3 (slr, hmd, wnd) decimals,
// which Float32 keeps exactly after rounding to those decimals; 13 years of one station is
// 19 KB instead of ~60 KB as jsonb numbers, and a series is read with one row fetch and one
// `new Float32Array(buffer)` — no per-day rows (a 30-year, 1,000-station dataset would
// otherwise be 11 million rows).
import type { Knex } from 'knex';

function timestamps(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('datasets', (t) => {
    // a stable key for shipped datasets (the seed finds 'lrew' by it); null for uploads
    t.text('key').unique();
    t.double('min_cn2');
    t.double('max_cn2');
    t.boolean('restrict_selection').notNullable().defaultTo(false);
    t.text('restriction_message').notNullable().defaultTo('');
    t.integer('default_swat_version_id');
    t.boolean('allow_only_default_swat_version').notNullable().defaultTo(false);
    t.boolean('allow_gis_api_access').notNullable().defaultTo(false);
    t.boolean('allow_api_access').notNullable().defaultTo(false);
    t.boolean('include_modflow').notNullable().defaultTo(false);
    t.jsonb('outline'); // GeoJSON (FeatureCollection) of the study area
    t.double('iclus_hru_threshold');
    t.boolean('use_shared_weather_directory_for_iclus').notNullable().defaultTo(false);
    t.double('default_hru_threshold');
    t.boolean('allow_sqlite_editor_tables').notNullable().defaultTo(false);
    t.text('config_path').notNullable().defaultTo('');
    t.text('weather_path').notNullable().defaultTo('');
    t.text('calibration_page_text').notNullable().defaultTo('');
    t.boolean('use_non_ag_landuse_setting').notNullable().defaultTo(false);
    // the default ending subbasin (name) the create page selects when the dataset is chosen
    t.text('ending_subbasin');
    t.integer('import_id');
    t.jsonb('public_request'); // { status, userMessage, adminMessage, reviewedBy, reviewedOn }
    // dataset-level SWAT inputs: { cio, bsn, databases: { plant, fert, till, pest, urban },
    // otherFiles, defaults: { hru, gw, chm, sep } } (defaults fill HRUs whose `swat` lacks a part)
    t.jsonb('swat');
    t.integer('num_subbasins').notNullable().defaultTo(0);
    t.integer('num_hrus').notNullable().defaultTo(0);
    // the loader's fingerprint of the shipped files (a changed demo dataset is reloaded)
    t.text('content_hash');
  });

  await knex.schema.alterTable('land_use_codes', (t) => {
    t.text('plant_name').notNullable().defaultTo(''); // plant.dat / urban.dat description
    t.boolean('is_water').notNullable().defaultTo(false); // WATR, WETx: exempt by default
    t.integer('sort_order').notNullable().defaultTo(0);
    t.jsonb('swat'); // { mgt } template for HRUs of this land use (synthetic datasets)
  });

  await knex.schema.createTable('soils', (t) => {
    t.integer('dataset_id').notNullable().references('datasets.id').onDelete('CASCADE');
    t.text('name').notNullable(); // SNAM of the .sol file
    t.text('hyd_group').notNullable().defaultTo(''); // A | B | C | D
    t.text('texture').notNullable().defaultTo('');
    t.jsonb('swat'); // { sol, chm }: the .sol/.chm values of this soil
    t.primary(['dataset_id', 'name']);
  });

  await knex.schema.createTable('subbasins', (t) => {
    t.increments('id').primary();
    t.integer('dataset_id').notNullable().references('datasets.id').onDelete('CASCADE');
    t.integer('number').notNullable(); // SWAT subbasin number (1..n, fig.fig order)
    t.text('name').notNullable(); // what users type and see (HUC12 code, '3', ...)
    t.integer('downstream_id').references('subbasins.id').onDelete('SET NULL'); // null: outlet
    t.double('area').notNullable(); // km²
    t.double('land_area').notNullable(); // km², without open water (WATR HRUs)
    t.double('cumulative_area').notNullable(); // km², itself and everything upstream
    t.double('elevation'); // m, mean
    t.integer('num_hrus').notNullable().defaultTo(0);
    t.integer('sort_order').notNullable().defaultTo(0);
    // bounding box of the polygon (prefilter of the point-in-polygon search)
    t.double('min_lon').notNullable();
    t.double('min_lat').notNullable();
    t.double('max_lon').notNullable();
    t.double('max_lat').notNullable();
    // a point inside the polygon: the ends of the routing connections on the map
    t.double('label_lon').notNullable();
    t.double('label_lat').notNullable();
    t.jsonb('geometry').notNullable(); // GeoJSON Polygon | MultiPolygon, WGS84
    t.jsonb('streams'); // GeoJSON LineString | MultiLineString of the subbasin's reach
    t.double('stream_length'); // km
    // SWAT subbasin and reach inputs: { sub, wgn, pnd, wus, rte, swq } (parsed TxtInOut
    // objects without their `layout`); null parts are written from the defaults
    t.jsonb('swat');
    t.unique(['dataset_id', 'name']);
    t.unique(['dataset_id', 'number']);
    t.index(['dataset_id', 'downstream_id']); // the upstream walk
    t.index(['downstream_id']);
  });
  // typeahead: prefix search on the name, case-insensitive
  await knex.raw('create index subbasins_name_search on subbasins (dataset_id, lower(name) text_pattern_ops)');

  await knex.schema.createTable('hrus', (t) => {
    t.increments('id').primary();
    t.integer('dataset_id').notNullable().references('datasets.id').onDelete('CASCADE');
    t.integer('subbasin_id').notNullable().references('subbasins.id').onDelete('CASCADE');
    t.integer('number').notNullable(); // HRU number within the subbasin (1..)
    t.text('gis_id').notNullable().defaultTo(''); // ArcSWAT's HRU_GIS / file stem, e.g. 000010001
    t.text('landuse').notNullable();
    t.text('soil').notNullable();
    t.text('slope_class').notNullable(); // e.g. '0-2', '2-9999'
    t.double('slope').notNullable(); // m/m (HRU_SLP)
    t.double('slope_length').notNullable(); // m (SLSUBBSN)
    t.double('area').notNullable(); // km²
    t.double('fraction').notNullable(); // of the subbasin (HRU_FR)
    t.double('cn2').notNullable();
    t.double('ov_n').notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    // SWAT HRU inputs: { hru, mgt, sol?, chm?, gw, sep? } (parsed, without `layout`); a missing
    // part comes from the soil (sol, chm), the land use (mgt) or the dataset defaults
    t.jsonb('swat');
    t.index(['subbasin_id']);
    t.index(['dataset_id', 'sort_order']);
  });

  await knex.schema.createTable('weather_datasets', (t) => {
    t.increments('id').primary();
    t.text('key').unique(); // shipped weather ('lrew-observed'); null for admin-created
    t.text('name').notNullable();
    t.text('path_to_files').notNullable().defaultTo('');
    t.boolean('override_dataset_path').notNullable().defaultTo(false);
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    t.integer('file_format').notNullable().defaultTo(1); // 1 own, 2 SWAT, 3 Original
    t.integer('cmip_version');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('can_use_lower_resolution').notNullable().defaultTo(false);
    t.boolean('is_in_shared_location').notNullable().defaultTo(false);
    t.boolean('has_iclus_folder').notNullable().defaultTo(false);
    t.boolean('has_pcp').notNullable().defaultTo(false);
    t.boolean('has_tmp').notNullable().defaultTo(false);
    t.boolean('has_hmd').notNullable().defaultTo(false);
    t.boolean('has_slr').notNullable().defaultTo(false);
    t.boolean('has_wnd').notNullable().defaultTo(false);
    for (const c of ['nrgage', 'nrtot', 'nrgfil', 'ntgage', 'nttot', 'ntgfil', 'nstot', 'nhtot', 'nwtot']) t.integer(c);
    // the dataset an uploaded project brought this weather with (null: shared weather)
    t.integer('dataset_id').references('datasets.id').onDelete('CASCADE');
    timestamps(t, knex);
  });

  await knex.schema.createTable('dataset_weather_datasets', (t) => {
    t.integer('dataset_id').notNullable().references('datasets.id').onDelete('CASCADE');
    t.integer('weather_dataset_id').notNullable().references('weather_datasets.id').onDelete('CASCADE');
    t.boolean('is_default').notNullable().defaultTo(false);
    t.primary(['dataset_id', 'weather_dataset_id']);
  });

  await knex.schema.createTable('weather_stations', (t) => {
    t.increments('id').primary();
    t.integer('weather_dataset_id').notNullable().references('weather_datasets.id').onDelete('CASCADE');
    t.text('variable').notNullable(); // pcp | tmp | slr | hmd | wnd
    t.text('file').notNullable(); // SWAT file the station is a column of (pcp1.pcp, Tmp1.Tmp, ...)
    t.integer('gage').notNullable(); // 1-based column (gage number) in that file
    t.text('name').notNullable();
    t.double('lat');
    t.double('lon');
    t.double('elevation');
    t.date('start_date').notNullable();
    t.integer('num_days').notNullable();
    t.binary('series').notNullable(); // Float32 little-endian; tmp: tmax × num_days then tmin × num_days
    t.unique(['weather_dataset_id', 'variable', 'file', 'gage']);
  });

  await knex.schema.createTable('calibration_groups', (t) => {
    t.increments('id').primary();
    t.text('key').unique();
    t.text('name').notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('calibrations', (t) => {
    t.increments('id').primary();
    t.integer('group_id').notNullable().references('calibration_groups.id').onDelete('CASCADE');
    t.integer('dataset_id').notNullable().references('datasets.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.integer('ending_subbasin_id').notNullable().references('subbasins.id').onDelete('CASCADE');
    t.jsonb('starting_subbasin_ids').notNullable().defaultTo('[]');
    t.jsonb('parameters'); // the calibrated SWAT values ({ file: { NAME: value } }), when known
    t.integer('sort_order').notNullable().defaultTo(0);
    t.index(['group_id']);
  });

  await knex.schema.createTable('calibration_sites', (t) => {
    t.increments('id').primary();
    t.integer('calibration_id').notNullable().references('calibrations.id').onDelete('CASCADE');
    t.text('number').notNullable(); // gauge number (USGS site number or the agency's id)
    t.text('name').notNullable();
    t.boolean('is_usgs_site').notNullable().defaultTo(false);
    t.double('lat').notNullable();
    t.double('lon').notNullable();
    t.jsonb('data').notNullable().defaultTo('[]'); // rows { name, value } shown in the site modal
    t.index(['calibration_id']);
  });

  await knex.schema.createTable('dataset_regions', (t) => {
    t.increments('id').primary();
    t.integer('dataset_id').notNullable().references('datasets.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.jsonb('geometry').notNullable(); // GeoJSON Polygon | MultiPolygon
    t.jsonb('ending_subbasin_names').notNullable().defaultTo('[]'); // outlets of a regional project
    t.integer('sort_order').notNullable().defaultTo(0);
    t.index(['dataset_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'dataset_regions',
    'calibration_sites',
    'calibrations',
    'calibration_groups',
    'weather_stations',
    'dataset_weather_datasets',
    'weather_datasets',
    'hrus',
    'subbasins',
    'soils',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('land_use_codes', (t) => {
    for (const c of ['plant_name', 'is_water', 'sort_order', 'swat']) t.dropColumn(c);
  });
  await knex.schema.alterTable('datasets', (t) => {
    for (const c of [
      'key', 'min_cn2', 'max_cn2', 'restrict_selection', 'restriction_message', 'default_swat_version_id',
      'allow_only_default_swat_version', 'allow_gis_api_access', 'allow_api_access', 'include_modflow', 'outline',
      'iclus_hru_threshold', 'use_shared_weather_directory_for_iclus', 'default_hru_threshold',
      'allow_sqlite_editor_tables', 'config_path', 'weather_path', 'calibration_page_text',
      'use_non_ag_landuse_setting', 'ending_subbasin', 'import_id', 'public_request', 'swat',
      'num_subbasins', 'num_hrus', 'content_hash',
    ]) t.dropColumn(c);
  });
}
