// What the projects module needs to know about a project's scenarios (spec 1 §4: HRUs are
// locked once scenarios exist; a zip is blocked while scenarios run). The scenarios issue owns
// the `scenarios` table; until it lands these answer "none". Replace the bodies then.
import type { Knex } from 'knex';

export type ScenarioState = { numScenarios: number; isRunningScenarios: boolean; scenarios: { id: number; name: string; hasRun: boolean; isRunning: boolean; lastRunDate: Date | null; lastModifiedDate: Date | null }[] };

const NONE: ScenarioState = { numScenarios: 0, isRunningScenarios: false, scenarios: [] };

async function scenariosTable(db: Knex): Promise<{ exists: boolean; cols: Set<string> }> {
  const rows = (await db.raw(`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'scenarios'`)).rows as { column_name?: string; columnName?: string }[];
  const cols = new Set(rows.map((r) => (r.column_name ?? r.columnName)!));
  return { exists: cols.has('project_id'), cols };
}

export async function scenarioState(db: Knex, projectId: number): Promise<ScenarioState> {
  const t = await scenariosTable(db);
  if (!t.exists) return NONE;
  const pick = (c: string, fallback: string) => (t.cols.has(c) ? c : fallback);
  const rows = (
    await db.raw(
      `select id, ${pick('name', "''")} as name, ${pick('has_run', 'false')} as has_run, ${pick('is_running', 'false')} as is_running,
              ${pick('last_run_date', 'null')} as last_run_date, ${pick('last_modified_date', pick('updated_at', 'null'))} as last_modified_date
         from scenarios where project_id = ? order by id`,
      [projectId],
    )
  ).rows as Record<string, unknown>[];
  const scenarios = rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name ?? ''),
    hasRun: !!(r.hasRun ?? r.has_run),
    isRunning: !!(r.isRunning ?? r.is_running),
    lastRunDate: ((r.lastRunDate ?? r.last_run_date) as Date | null) ?? null,
    lastModifiedDate: ((r.lastModifiedDate ?? r.last_modified_date) as Date | null) ?? null,
  }));
  return { numScenarios: scenarios.length, isRunningScenarios: scenarios.some((s) => s.isRunning), scenarios };
}

/** SQL for a project's scenario count in list queries (`p` is the projects alias). */
export async function scenarioCountSql(db: Knex): Promise<string> {
  return (await scenariosTable(db)).exists ? '(select count(*)::int from scenarios s where s.project_id = p.id)' : '0';
}
