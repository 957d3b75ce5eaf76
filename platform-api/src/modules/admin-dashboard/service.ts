// The admin dashboard and database page (spec 3 §2.3, §3 Admin dashboard): site-wide counts and
// averages, computed when an administrator asks (they scan every table) and cached in
// app_settings with `computedAt`, so opening /admin is cheap and "Refresh" recomputes; and the
// statistics time chart (new users, new projects and scenario runs per month, last 12 months).
// The database page counts per dataset (subbasins, HRUs, projects, scenarios, users).
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps.ts';
import { getSetting, setSetting } from '../settings/service.ts';

const CACHE_KEY = 'adminDashboard';
/** Months the statistics time chart covers, the current one included. */
export const CHART_MONTHS = 12;

export type TimeChart = { title: string; categories: string[]; series: { name: string; data: number[] }[] };

export type Dashboard = {
  numUsers: number;
  numProjects: number;
  numScenarios: number;
  numScenariosRunning: number;
  avgProjectsPerUser: number;
  avgHrusPerProject: number;
  avgScenariosPerProject: number;
  /** minutes, over scenarios that ran successfully */
  avgScenarioRunTime: number;
  computedAt: string;
  buildDate: string | null;
  statisticsTimeChart: TimeChart;
};

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

/** `YYYY-MM` of the last `n` months, oldest first (UTC). */
export function lastMonths(n: number, now = new Date()): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

async function perMonth(db: Knex, table: string, column: string, since: Date): Promise<Map<string, number>> {
  const rows = (await db(table)
    .select(db.raw(`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM') as month`))
    .count({ n: '*' })
    .whereNotNull(column)
    .where(column, '>=', since)
    .groupByRaw('1')) as unknown as { month: string; n: string | number }[];
  return new Map(rows.map((r) => [r.month, num(r.n)]));
}

export async function computeDashboard(deps: Pick<AppDeps, 'db' | 'config'>, now = new Date()): Promise<Dashboard> {
  const db = deps.db;
  const [users] = (await db('users').count({ n: '*' })) as { n: string }[];
  const [projects] = (await db('projects').count({ n: '*' }).sum({ hrus: 'num_hrus' })) as { n: string; hrus: string | null }[];
  const [scenarios] = (await db('scenarios')
    .count({ n: '*' })
    .select(db.raw('count(*) filter (where is_running) as running'))
    .select(db.raw('avg(runtime) filter (where has_run and runtime is not null) as avg_runtime'))) as unknown as { n: string; running: string; avgRuntime: string | null }[];
  const numUsers = num(users?.n);
  const numProjects = num(projects?.n);
  const numScenarios = num(scenarios?.n);

  const months = lastMonths(CHART_MONTHS, now);
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const [newUsers, newProjects, runs] = await Promise.all([
    perMonth(db, 'users', 'created_at', since),
    perMonth(db, 'projects', 'created_at', since),
    perMonth(db, 'scenarios', 'last_run_date', since),
  ]);
  const series = (name: string, m: Map<string, number>) => ({ name, data: months.map((k) => m.get(k) ?? 0) });

  return {
    numUsers,
    numProjects,
    numScenarios,
    numScenariosRunning: num(scenarios?.running),
    // over all users, as the spec's figure is site-wide (users without projects count as 0)
    avgProjectsPerUser: numUsers ? round(numProjects / numUsers) : 0,
    avgHrusPerProject: numProjects ? round(num(projects?.hrus) / numProjects, 1) : 0,
    avgScenariosPerProject: numProjects ? round(numScenarios / numProjects) : 0,
    avgScenarioRunTime: round(num(scenarios?.avgRuntime) / 60),
    computedAt: now.toISOString(),
    buildDate: process.env.BUILD_DATE ?? null,
    statisticsTimeChart: {
      title: `Activity in the last ${CHART_MONTHS} months`,
      categories: months,
      series: [series('New users', newUsers), series('New projects', newProjects), series('Scenario runs', runs)],
    },
  };
}

/** GET admin/dashboard: the cached figures, computed on first use or when `refresh` is asked. */
export async function dashboard(deps: Pick<AppDeps, 'db' | 'config'>, refresh: boolean): Promise<Dashboard> {
  if (!refresh) {
    const cached = await getSetting<Dashboard>(CACHE_KEY);
    if (cached?.computedAt) return cached;
  }
  const fresh = await computeDashboard(deps);
  await setSetting(CACHE_KEY, fresh);
  return fresh;
}

export type DatabaseRow = { id: number; name: string; isActive: boolean; isUserSubmitted: boolean; subbasins: number; hrus: number; projects: number; scenarios: number; users: number };

/** GET admin/database: per-dataset counts (spec 3 §2.3 "an admin database page"). */
export async function databaseCounts(deps: Pick<AppDeps, 'db'>): Promise<{ datasets: DatabaseRow[]; totals: Omit<DatabaseRow, 'id' | 'name' | 'isActive' | 'isUserSubmitted' | 'users'> }> {
  const db = deps.db;
  const rows = (await db('datasets as d')
    .select('d.id', 'd.name', 'd.is_active', 'd.is_user_submitted')
    .select(db.raw('(select count(*) from subbasins s where s.dataset_id = d.id) as subbasins'))
    .select(db.raw('(select count(*) from hrus h where h.dataset_id = d.id) as hrus'))
    .select(db.raw('(select count(*) from projects p where p.dataset_id = d.id) as projects'))
    .select(db.raw('(select count(*) from scenarios sc join projects p on p.id = sc.project_id where p.dataset_id = d.id) as scenarios'))
    .select(db.raw('(select count(distinct p.user_id) from projects p where p.dataset_id = d.id) as users'))
    .orderBy('d.name')) as Record<string, unknown>[];
  const datasets = rows.map((r) => ({
    id: num(r.id),
    name: String(r.name),
    isActive: !!r.isActive,
    isUserSubmitted: !!r.isUserSubmitted,
    subbasins: num(r.subbasins),
    hrus: num(r.hrus),
    projects: num(r.projects),
    scenarios: num(r.scenarios),
    users: num(r.users),
  }));
  // no users total: a user with projects on two datasets would count twice
  const sum = (k: 'subbasins' | 'hrus' | 'projects' | 'scenarios') => datasets.reduce((a, d) => a + d[k], 0);
  return { datasets, totals: { subbasins: sum('subbasins'), hrus: sum('hrus'), projects: sum('projects'), scenarios: sum('scenarios') } };
}
