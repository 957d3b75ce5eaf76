// Custom output requests (spec 2 §3 'Custom output request'): the CE-QUAL-W2, flood frequency
// and baseflow separation requests of a scenario, made by the shared `custom-output` job. The
// files are kept under FILES_DIR/scenarios/{id}/custom-outputs/{requestId}/ and go with the
// scenario's outputs (modules/custom-outputs/README.md).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('custom_output_requests', (t) => {
    t.increments('id').primary();
    t.integer('scenario_id').notNullable().references('scenarios.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('SET NULL'); // who asked
    t.text('tool').notNullable(); // the plugin id: ce-qual | ffa | baseflow
    t.text('status').notNullable().defaultTo('running'); // running | error | complete
    t.text('status_message').notNullable().defaultTo('');
    t.integer('progress').notNullable().defaultTo(0);
    t.text('output_type').notNullable(); // RCH | SUB
    t.boolean('apply_to_all').notNullable().defaultTo(false);
    t.jsonb('subbasins').notNullable().defaultTo('[]'); // dataset subbasin ids
    t.double('filter_parameter'); // baseflow
    t.double('bfi_max'); // baseflow
    t.jsonb('options').notNullable().defaultTo('{}');
    t.text('exception_message').notNullable().defaultTo('');
    t.timestamp('last_modified_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['scenario_id', 'tool']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('custom_output_requests');
}
