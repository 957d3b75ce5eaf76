// Groups (spec 3 §2.1, §3, §4): a group has an owner and members (the owner is a member and a
// group admin), invitations by e-mail address (pending, then accepted or rejected; an address
// with no account waits for one), and the projects its members shared with it. Deleting a group
// deletes its memberships, invitations and shares, never a project.
// Also: who started a scenario's run (runs count against the runner's tier), and the
// administrator's reply to an error report or feedback (spec 3 §3 Admin error report).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('groups', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.integer('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['owner_id']);
  });

  await knex.schema.createTable('group_members', (t) => {
    t.integer('group_id').notNullable().references('groups.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.timestamp('joined_on', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['group_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('group_invites', (t) => {
    t.increments('id').primary();
    t.integer('group_id').notNullable().references('groups.id').onDelete('CASCADE');
    t.text('email').notNullable(); // as typed (trimmed); matched case-insensitively
    t.integer('user_id').references('users.id').onDelete('CASCADE'); // the invitee once an account has the address
    t.integer('invited_by_id').references('users.id').onDelete('SET NULL');
    t.text('message').notNullable().defaultTo('');
    t.text('status').notNullable().defaultTo('pending'); // pending | accepted | rejected
    t.timestamp('invited_on', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('responded_on', { useTz: true });
    t.index(['user_id', 'status']);
    t.index(['group_id', 'status']);
  });
  await knex.raw(`create index group_invites_email_idx on group_invites (lower(email)) where status = 'pending'`);

  await knex.schema.createTable('group_projects', (t) => {
    t.integer('group_id').notNullable().references('groups.id').onDelete('CASCADE');
    t.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE');
    t.integer('shared_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('shared_on', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['group_id', 'project_id']);
    t.index(['project_id']);
  });

  await knex.schema.alterTable('scenarios', (t) => {
    t.integer('run_user_id').references('users.id').onDelete('SET NULL'); // who started the last run
  });

  // The admin area fills these (issue 19); the user reads them at /feedback/{reportID}.
  for (const [column, add] of [
    ['developer_comments', (t: Knex.AlterTableBuilder) => t.text('developer_comments').notNullable().defaultTo('')],
    ['resolved_by', (t: Knex.AlterTableBuilder) => t.text('resolved_by')],
    ['resolved_date', (t: Knex.AlterTableBuilder) => t.timestamp('resolved_date', { useTz: true })],
  ] as const) {
    if (!(await knex.schema.hasColumn('error_reports', column))) await knex.schema.alterTable('error_reports', (t) => void add(t));
  }
  await knex.schema.alterTable('error_reports', (t) => t.index(['user_id', 'date_submitted']));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('error_reports', (t) => t.dropIndex(['user_id', 'date_submitted']));
  await knex.schema.alterTable('scenarios', (t) => t.dropColumn('run_user_id'));
  for (const table of ['group_projects', 'group_invites', 'group_members', 'groups']) await knex.schema.dropTableIfExists(table);
}
