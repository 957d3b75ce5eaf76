// What the projects module needs to know about a project's scenarios (spec 1 §4: HRUs are
// locked once scenarios exist; a zip is blocked while scenarios run).
import type { Knex } from 'knex';

export type ScenarioState = { numScenarios: number; isRunningScenarios: boolean; scenarios: { id: number; name: string; hasRun: boolean; isRunning: boolean; lastRunDate: Date | null; lastModifiedDate: Date | null }[] };

export async function scenarioState(db: Knex, projectId: number): Promise<ScenarioState> {
  const scenarios = (await db('scenarios').where('projectId', projectId).orderBy('id').select('id', 'name', 'hasRun', 'isRunning', 'lastRunDate', 'lastModifiedDate')) as ScenarioState['scenarios'];
  return { numScenarios: scenarios.length, isRunningScenarios: scenarios.some((s) => s.isRunning), scenarios };
}

/** SQL for a project's scenario count in list queries (`p` is the projects alias). */
export const SCENARIO_COUNT_SQL = '(select count(*)::int from scenarios s where s.project_id = p.id)';
