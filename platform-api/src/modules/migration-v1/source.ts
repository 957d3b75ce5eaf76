// The version-1 source: a PostgreSQL database an administrator connects with V1_DATABASE_URL,
// holding version 1's users, projects and scenarios in the schema of README.md (the test
// fixture: test/fixtures/v1/schema.sql). Read only; one pool per URL.
import knex, { type Knex } from 'knex';

export type V1User = {
  id: number;
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  affiliation: string;
  reasonForUse: string;
  organizationCategory: string;
  country: string;
  state: string | null;
};
export type V1Project = { id: number; userId: number; name: string; datasetKey: string; endingSubbasin: string; startingSubbasins: string; hruMethod: string | null; hruUnits: string | null; hruThreshold: number | null };
export type V1Scenario = { id: number; projectId: number; name: string; startDate: string; endDate: string; skipYears: number; printSetting: number };

const pools = new Map<string, Knex>();

/** The version-1 database, or undefined when none is connected (the migration pages then say so). */
export function v1Database(env: NodeJS.ProcessEnv = process.env): Knex | undefined {
  const url = env.V1_DATABASE_URL;
  if (!url) return undefined;
  let db = pools.get(url);
  if (!db) {
    db = knex({ client: 'pg', connection: url, pool: { min: 0, max: 4 } });
    pools.set(url, db);
  }
  return db;
}

export async function closeV1Databases(): Promise<void> {
  for (const db of pools.values()) await db.destroy();
  pools.clear();
}

const USER_COLUMNS = ['id', 'user_name as userName', 'email', 'first_name as firstName', 'last_name as lastName', 'affiliation', 'reason_for_use as reasonForUse', 'organization_category as organizationCategory', 'country', 'state'];

export async function findV1User(db: Knex, by: { userName?: string; email?: string }): Promise<V1User | undefined> {
  const q = db('v1_users').select(USER_COLUMNS);
  if (by.userName) q.whereRaw('lower(user_name) = lower(?)', [by.userName.trim()]);
  else if (by.email) q.whereRaw('lower(email) = lower(?)', [by.email.trim()]);
  else return undefined;
  return (await q.orderBy('id').first()) as V1User | undefined;
}

export async function v1UserById(db: Knex, id: number): Promise<V1User | undefined> {
  return (await db('v1_users').select(USER_COLUMNS).where('id', id).first()) as V1User | undefined;
}

export async function v1Projects(db: Knex, userId: number): Promise<V1Project[]> {
  return (await db('v1_projects')
    .select('id', 'user_id as userId', 'name', 'dataset_key as datasetKey', 'ending_subbasin as endingSubbasin', 'starting_subbasins as startingSubbasins', 'hru_method as hruMethod', 'hru_units as hruUnits', 'hru_threshold as hruThreshold')
    .where('user_id', userId)
    .orderBy('id')) as V1Project[];
}

export async function v1Scenarios(db: Knex, projectId: number): Promise<V1Scenario[]> {
  const rows = (await db('v1_scenarios')
    .select('id', 'project_id as projectId', 'name', db.raw("to_char(start_date, 'YYYY-MM-DD') as \"startDate\""), db.raw("to_char(end_date, 'YYYY-MM-DD') as \"endDate\""), 'skip_years as skipYears', 'print_setting as printSetting')
    .where('project_id', projectId)
    .orderBy('id')) as V1Scenario[];
  return rows;
}
