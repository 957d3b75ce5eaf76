// A calibration's model runs in flight at once (issue 24: "tier priority and concurrency apply"):
// the owner's tier concurrency limit when the request was made (0: every run of an iteration at
// once), and how many runs of the current iteration have been queued so far. Each run that ends
// queues the next of its iteration, so a request never has more runs on the workers than its
// owner may run scenarios at once — as a batch request's projects (batch/job.ts).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calibration_requests', (t) => {
    t.integer('run_window').notNullable().defaultTo(0);
    t.integer('queued_runs').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calibration_requests', (t) => {
    t.dropColumn('run_window');
    t.dropColumn('queued_runs');
  });
}
