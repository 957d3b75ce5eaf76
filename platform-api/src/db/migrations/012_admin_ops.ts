// Administrator operations (issue 19, second half; spec 3 §2.3, §3–§7): the admin reports
// (a queue job writes each CSV file), the mass e-mails (sent in batches by a queue job, with
// their progress kept here), and the error report columns the admin reply form still lacked
// (whether the user was e-mailed and the cc address, so the history of a reply is kept).
// The dashboard's cached figures and the user categories live in app_settings (no table).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_reports', (t) => {
    t.increments('id').primary();
    t.text('report_type').notNullable(); // one of REPORT_TYPES (reports/service.ts)
    t.text('name').notNullable(); // the type's label, plus the dataset's name when one is chosen
    t.integer('dataset_id').references('datasets.id').onDelete('SET NULL');
    t.text('dataset').notNullable().defaultTo(''); // the dataset's name when created (kept if it goes)
    t.text('status').notNullable().defaultTo('running'); // running | complete | error
    t.text('status_message').notNullable().defaultTo('');
    t.text('file_name');
    t.integer('row_count');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.text('created_by').notNullable().defaultTo('');
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_date', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_date']);
  });

  await knex.schema.createTable('mass_emails', (t) => {
    t.increments('id').primary();
    t.text('subject').notNullable();
    t.text('body').notNullable(); // sanitised HTML
    t.boolean('bcc_sender').notNullable().defaultTo(false);
    t.integer('sender_id').references('users.id').onDelete('SET NULL');
    t.text('sender').notNullable().defaultTo('');
    t.text('status').notNullable().defaultTo('running'); // running | complete | error
    t.integer('total').notNullable().defaultTo(0);
    t.integer('sent').notNullable().defaultTo(0);
    t.text('status_message').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  for (const [column, add] of [
    ['emailed_user_at', (t: Knex.AlterTableBuilder) => t.timestamp('emailed_user_at', { useTz: true })],
    ['cc_email', (t: Knex.AlterTableBuilder) => t.text('cc_email').notNullable().defaultTo('')],
  ] as const) {
    if (!(await knex.schema.hasColumn('error_reports', column))) await knex.schema.alterTable('error_reports', (t) => void add(t));
  }
  await knex.schema.alterTable('error_reports', (t) => t.index(['status', 'date_submitted']));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('error_reports', (t) => {
    t.dropIndex(['status', 'date_submitted']);
    t.dropColumn('emailed_user_at');
    t.dropColumn('cc_email');
  });
  await knex.schema.dropTableIfExists('mass_emails');
  await knex.schema.dropTableIfExists('admin_reports');
}
