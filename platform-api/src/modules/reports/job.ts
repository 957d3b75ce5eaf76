// The `admin-report` job: runs the report's query, writes the CSV (under a temporary name, then
// renamed, so a download never sees half a file) and marks the report complete — or error with
// the reason. Runs are counted from each scenario's latest successful run (`last_run_date`,
// `runtime`): the platform keeps no history of earlier runs of a scenario.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps.ts';
import { toCsv, type GridColumn } from '../../db/grid.ts';
import type { Handler } from '../../jobs/queue.ts';
import { AdminReport } from './models.ts';
import { REPORT_QUEUE, publishReport, reportFile, reportsDir, type ReportType } from './service.ts';

type Table = { columns: GridColumn[]; rows: Record<string, unknown>[] };
const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const minutes = (seconds: unknown) => Math.round((n(seconds) / 60) * 100) / 100;

/** The rows of each report type; `datasetId` is set for every type but User Statistics. */
export async function reportTable(db: Knex, type: ReportType, datasetId: number | null): Promise<Table> {
  switch (type) {
    case 'User Statistics': {
      const rows = (await db('users')
        .select(db.raw(`coalesce(nullif(organization_category, ''), '(none)') as category`), db.raw(`coalesce(nullif(country, ''), '(none)') as country`))
        .count({ users: '*' })
        .select(db.raw('count(*) filter (where email_confirmed) as confirmed'))
        .groupByRaw('1, 2')
        .orderByRaw('1, 2')) as Record<string, unknown>[];
      return {
        columns: [{ field: 'category', header: 'Category' }, { field: 'country', header: 'Country' }, { field: 'users', header: 'Users' }, { field: 'confirmed', header: 'Confirmed email' }],
        rows: rows.map((r) => ({ ...r, users: n(r.users), confirmed: n(r.confirmed) })),
      };
    }
    case 'Projects and Scenarios': {
      const rows = (await db('projects as p')
        .leftJoin('users as u', 'u.id', 'p.user_id')
        .where('p.dataset_id', datasetId)
        .select('p.id', 'p.name', db.raw(`coalesce(u.user_name, '') as user_name`), 'p.created_at', 'p.num_subbasins', 'p.num_hrus', 'p.total_area')
        .select(db.raw('(select count(*) from scenarios s where s.project_id = p.id) as scenarios'))
        .select(db.raw('(select count(*) from scenarios s where s.project_id = p.id and s.has_run) as scenarios_run'))
        .orderBy('p.id')) as Record<string, unknown>[];
      return {
        columns: [
          { field: 'id', header: 'Project ID' },
          { field: 'name', header: 'Project' },
          { field: 'userName', header: 'User' },
          { field: 'createdAt', header: 'Created' },
          { field: 'numSubbasins', header: 'Subbasins' },
          { field: 'numHrus', header: 'HRUs' },
          { field: 'totalArea', header: 'Area (sq. km.)' },
          { field: 'scenarios', header: 'Scenarios' },
          { field: 'scenariosRun', header: 'Scenarios run' },
        ],
        rows: rows.map((r) => ({ ...r, scenarios: n(r.scenarios), scenariosRun: n(r.scenariosRun) })),
      };
    }
    case 'Runs per Month': {
      const rows = (await db('scenarios as s')
        .join('projects as p', 'p.id', 's.project_id')
        .where('p.dataset_id', datasetId)
        .whereNotNull('s.last_run_date')
        .select(db.raw(`to_char(date_trunc('month', s.last_run_date at time zone 'UTC'), 'YYYY-MM') as month`))
        .count({ runs: '*' })
        .sum({ runtime: 's.runtime' })
        .avg({ avg_runtime: 's.runtime' })
        .groupByRaw('1')
        .orderByRaw('1')) as Record<string, unknown>[];
      return {
        columns: [{ field: 'month', header: 'Month' }, { field: 'runs', header: 'Runs' }, { field: 'runtime', header: 'Total run time (minutes)' }, { field: 'avgRuntime', header: 'Average run time (minutes)' }],
        rows: rows.map((r) => ({ month: r.month, runs: n(r.runs), runtime: minutes(r.runtime), avgRuntime: minutes(r.avgRuntime) })),
      };
    }
    case 'Tier Usage': {
      // every tier, with the users who hold it and what those users did on the dataset
      const rows = (await db('tiers as t')
        .select('t.id', 't.name')
        .select(db.raw('(select count(*) from users u where u.tier_id = t.id) as users'))
        .select(db.raw('(select count(distinct p.user_id) from projects p join users u on u.id = p.user_id where u.tier_id = t.id and p.dataset_id = ?) as active_users', [datasetId]))
        .select(db.raw('(select count(*) from projects p join users u on u.id = p.user_id where u.tier_id = t.id and p.dataset_id = ?) as projects', [datasetId]))
        .select(db.raw('(select count(*) from scenarios s join projects p on p.id = s.project_id join users u on u.id = p.user_id where u.tier_id = t.id and p.dataset_id = ?) as scenarios', [datasetId]))
        .select(db.raw('(select count(*) from scenarios s join projects p on p.id = s.project_id join users u on u.id = p.user_id where u.tier_id = t.id and p.dataset_id = ? and s.last_run_date is not null) as runs', [datasetId]))
        .orderBy('t.sort_order')
        .orderBy('t.name')) as Record<string, unknown>[];
      return {
        columns: [
          { field: 'id', header: 'Tier ID' },
          { field: 'name', header: 'Tier' },
          { field: 'users', header: 'Users' },
          { field: 'activeUsers', header: 'Users with projects' },
          { field: 'projects', header: 'Projects' },
          { field: 'scenarios', header: 'Scenarios' },
          { field: 'runs', header: 'Scenarios run' },
        ],
        rows: rows.map((r) => ({ ...r, users: n(r.users), activeUsers: n(r.activeUsers), projects: n(r.projects), scenarios: n(r.scenarios), runs: n(r.runs) })),
      };
    }
  }
}

const fileNameOf = (r: AdminReport) => `${r.name.replace(/[^\w.-]+/g, '-').replace(/-+/g, '-').toLowerCase()}-${r.id}.csv`;

export function reportProcessors(deps: AppDeps): Record<string, Handler<{ id: number }, unknown>> {
  return {
    [REPORT_QUEUE]: async (job) => {
      const report = await AdminReport.query().findById(job.data.id);
      if (!report || report.status !== 'running') return;
      const update = async (patch: Partial<AdminReport>) => {
        const rows = (await AdminReport.query().patch(patch).where('id', report.id).returning('*')) as unknown as AdminReport[];
        if (rows[0]) await publishReport(deps, rows[0]);
        return !!rows[0];
      };
      if (!(await update({ statusMessage: 'Running' }))) return; // deleted meanwhile
      try {
        const table = await reportTable(deps.db, report.reportType as ReportType, report.datasetId);
        mkdirSync(reportsDir(deps), { recursive: true });
        const path = reportFile(deps, report);
        writeFileSync(`${path}.tmp`, toCsv(table.rows, table.columns));
        renameSync(`${path}.tmp`, path);
        await update({ status: 'complete', statusMessage: '', fileName: fileNameOf(report), rowCount: table.rows.length, completedDate: new Date() });
        return { rows: table.rows.length };
      } catch (err) {
        await update({ status: 'error', statusMessage: (err instanceof Error ? err.message : String(err)).slice(0, 1000) });
        return { error: true };
      }
    },
  };
}
