// Calibration requests on the workers (issue 24, modules/calibration-runs/README.md): one row per
// request (its settings, the observed series on the compared days, the algorithm's state) and one
// per finished model run (its parameter values, objective, fits and the simulated daily flow of
// the compared reach as a Float32 LE blob). The runs live in the database, not in files: a run
// row and the request's state change in one transaction (a worker lost mid-request loses
// nothing and stores no run twice), every worker machine sees them, and deleting a request or
// its scenario removes them by cascade. 500 runs of 10 years are about 7 MB.
// Calibration options saved from a request get an owner (`calibrations.user_id`).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('calibration_requests', (t) => {
    t.increments('id').primary();
    t.integer('scenario_id').notNullable().references('scenarios.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.text('name').notNullable();
    t.text('algorithm').notNullable(); // SUFI2 | DDS
    t.text('objective').notNullable(); // NSE | KGE | LNSE
    t.text('status').notNullable().defaultTo('queued'); // queued | running | complete | aborted | error
    t.text('status_message').notNullable().defaultTo('');
    t.integer('progress').notNullable().defaultTo(0);
    t.integer('runs_done').notNullable().defaultTo(0);
    t.integer('runs_total').notNullable();
    t.double('best_objective');
    t.integer('best_run');
    t.text('priority').notNullable().defaultTo('default'); // the queue priority of the user's tier
    t.jsonb('settings').notNullable(); // the request body, the observed CSV text left out
    t.integer('reach').notNullable(); // the SWAT reach compared
    t.date('first_date').notNullable(); // first compared day (the earlier period's start)
    t.integer('days').notNullable(); // compared days from first_date (both periods and between)
    t.binary('observed').notNullable(); // Float32 LE, one value per day from first_date, NaN: none
    t.jsonb('state').notNullable(); // the algorithm's state (swat/src/calibration/algorithm.ts)
    t.jsonb('iterations').notNullable().defaultTo('[]'); // per finished iteration: ranges, p/r-factor, best
    t.text('exception_message').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['scenario_id']);
  });
  await knex.schema.createTable('calibration_runs', (t) => {
    t.increments('id').primary();
    t.integer('request_id').notNullable().references('calibration_requests.id').onDelete('CASCADE');
    t.integer('n').notNullable(); // 1.. in the order the algorithm drew the sets
    t.integer('iteration').notNullable();
    t.jsonb('values').notNullable(); // one change value per request parameter
    t.double('objective'); // the objective in the calibration period (null: failed)
    t.double('score'); // the objective less the PBIAS penalty: what ranks runs
    t.boolean('within_bound').notNullable().defaultTo(true);
    t.jsonb('calibration'); // Fit
    t.jsonb('validation'); // Fit
    t.text('error');
    t.binary('series'); // Float32 LE daily FLOW_OUT (m³/s, as output.rch prints it) from first_date
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['request_id', 'n']);
  });
  await knex.schema.alterTable('calibrations', (t) => {
    t.integer('user_id').references('users.id').onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calibrations', (t) => t.dropColumn('user_id'));
  await knex.schema.dropTableIfExists('calibration_runs');
  await knex.schema.dropTableIfExists('calibration_requests');
}
