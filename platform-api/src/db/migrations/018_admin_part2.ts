// Administrator area part 2 (issue 20): the runs of the special administrative jobs (prune
// expired outputs, recompute dashboard statistics, vacuum/analyse, rebuild geometry caches),
// each a queue job whose progress the Special jobs page shows live and whose outcome stays.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_special_jobs', (t) => {
    t.increments('id').primary();
    t.text('kind').notNullable();
    t.text('status').notNullable().defaultTo('waiting'); // waiting | running | complete | error
    t.integer('progress').notNullable().defaultTo(0);
    t.text('message').notNullable().defaultTo('');
    t.integer('started_by_id').references('users.id').onDelete('SET NULL');
    t.text('started_by').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('admin_special_jobs');
}
