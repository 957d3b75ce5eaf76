// The administrators' projects and scenarios (spec 3 §2.3 Projects/Scenarios, §3 Admin project
// and scenario rows, §5 admin copy project, §7): grids over every user's projects and
// scenarios, a copy of a project given to another user, the user-name typeahead, and the audit
// of support access (an administrator opening someone else's project or scenario).
import type { Knex } from 'knex';
import { InputError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { GridSpec } from '../../db/grid.ts';
import type { User } from '../users/models.ts';
import { record } from '../admin-users/audit.ts';
import { copyProject } from '../projects/service.ts';
import { Project } from '../projects/models.ts';

/** Spec 3 §5: 'Please provide a name for the new scenario.' is the message the admin copy uses
 * (the spec keeps the original product's wording; the owner's own copy says 'project'). */
export const COPY_NAME_REQUIRED = 'Please provide a name for the new scenario.';
/** Spec 3 §9: the typeahead answers up to 100 matches. */
export const FIND_LIMIT = 100;

export const PROJECT_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false },
    { field: 'name', header: 'Name' },
    { field: 'userName', header: 'User' },
    { field: 'lastModifiedDate', header: 'Last modified', filter: false },
    { field: 'dataset', header: 'Dataset' },
    { field: 'endingSubbasin', header: 'Ending subbasin' },
    { field: 'numSubbasins', header: 'Subbasins', filter: false },
    { field: 'numHrus', header: 'HRUs', filter: false },
    { field: 'totalArea', header: 'Total area (sq. km.)', filter: false },
    { field: 'numScenarios', header: 'Scenarios', filter: false },
  ],
  defaultSort: 'lastModifiedDate_desc',
  defaultPerPage: 50,
};

export function projectRows(deps: Pick<AppDeps, 'db'>): Knex.QueryBuilder {
  const db = deps.db;
  return db('projects as p')
    .leftJoin('users as u', 'u.id', 'p.userId')
    .leftJoin('datasets as d', 'd.id', 'p.datasetId')
    .select('p.id', 'p.name', db.raw(`coalesce(u.user_name, '') as user_name`), 'p.lastModifiedDate', db.raw(`coalesce(d.name, '') as dataset`), 'p.endingSubbasin', 'p.numSubbasins', 'p.numHrus', 'p.totalArea')
    .select(db.raw('(select count(*)::int from scenarios s where s.project_id = p.id) as num_scenarios'));
}

export const SCENARIO_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false },
    { field: 'name', header: 'Name' },
    { field: 'project', header: 'Project' },
    { field: 'projectID', header: 'Project ID', filter: false },
    { field: 'userName', header: 'User' },
    { field: 'lastModifiedDate', header: 'Last modified', filter: false },
    { field: 'hasRun', header: 'Has run', filter: false },
    { field: 'weatherDataset', header: 'Weather dataset' },
    { field: 'startingSimulationDate', header: 'Start', filter: false },
    { field: 'endingSimulationDate', header: 'End', filter: false },
    { field: 'skipYears', header: 'Skip years', filter: false },
    { field: 'printSetting', header: 'Print setting', filter: false },
    { field: 'swatVersion', header: 'SWAT version' },
  ],
  defaultSort: 'lastModifiedDate_desc',
  defaultPerPage: 50,
};

export function scenarioRows(deps: Pick<AppDeps, 'db'>): Knex.QueryBuilder {
  const db = deps.db;
  return db('scenarios as s')
    .join('projects as p', 'p.id', 's.projectId')
    .leftJoin('users as u', 'u.id', 'p.userId')
    .leftJoin('weather_datasets as w', 'w.id', 's.weatherDatasetId')
    .leftJoin('swat_versions as v', 'v.id', 's.swatVersionId')
    .select(
      's.id',
      's.name',
      db.raw('p.name as project'),
      db.raw('p.id as "projectID"'),
      db.raw(`coalesce(u.user_name, '') as user_name`),
      's.lastModifiedDate',
      's.hasRun',
      db.raw(`coalesce(w.name, '') as weather_dataset`),
      db.raw(`to_char(s.starting_simulation_date, 'YYYY-MM-DD') as starting_simulation_date`),
      db.raw(`to_char(s.ending_simulation_date, 'YYYY-MM-DD') as ending_simulation_date`),
      's.skipYears',
      's.printSetting',
      db.raw(`coalesce(v.name, '') as swat_version`),
    );
}

/** GET admin/users/find/{text}: user names containing the text (case-insensitive), up to 100. */
export async function findUserNames(deps: Pick<AppDeps, 'db'>, text: string): Promise<string[]> {
  const t = text.trim();
  if (!t) return [];
  const like = `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = (await deps.db('users').whereRaw('user_name ilike ?', [like]).orderByRaw('length(user_name), user_name').limit(FIND_LIMIT).select('userName')) as { userName: string }[];
  return rows.map((r) => r.userName);
}

/**
 * POST admin/projects/copy/{id}: the project's copy job as for its owner's own copy (the same
 * queue, progress and status), owned by `userName` when given (blank keeps the same user —
 * spec 3 §5 'owner optional'). Answers the new project's id; the copy is audited.
 */
export async function adminCopyProject(deps: AppDeps, admin: User, id: number, body: { name?: string; userName?: string }): Promise<{ id: number }> {
  const name = (body.name ?? '').trim();
  if (!name) throw new InputError({ name: [COPY_NAME_REQUIRED] });
  const source = await Project.query().findById(id);
  if (!source) throw new NotFoundError();
  const userName = (body.userName ?? '').trim();
  let ownerId = source.userId;
  if (userName) {
    const owner = (await deps.db('users').whereRaw('lower(user_name) = lower(?)', [userName]).first('id')) as { id: number } | undefined;
    if (!owner) throw new InputError({ userName: ['No user has this user name.'] });
    ownerId = owner.id;
  }
  // the owner's own copy call does the name rules, the busy check and queues the job
  const copy = await copyProject(deps, admin, id, name);
  await deps.db.transaction(async (trx) => {
    await Project.query(trx).patch({ userId: ownerId }).where('id', copy.id);
    const to = (await trx('users').where('id', ownerId).first('userName')) as { userName: string } | undefined;
    await record(trx, admin, 'project', { id: copy.id, name }, 'copy', `copied from project ${source.id} (${source.name}) for ${to?.userName ?? ''}`);
  });
  return copy;
}
