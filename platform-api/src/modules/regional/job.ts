// The `regional-project` job: copies every subbasin of the region (the watersheds of all its
// outlets) and their HRUs into the project, with progress on the project as a project create
// does (projects/jobs.ts). Each outlet keeps no downstream link inside the project, so the
// scenario's routing (fig.fig) has one tree per outlet.
import type { AppDeps } from '../../deps.ts';
import type { Handler, JobContext } from '../../jobs/queue.ts';
import { ApiRequest } from '../batch/models.ts';
import { DatasetRegion } from '../datasets/models.ts';
import { Project } from '../projects/models.ts';
import { reportProjectError, reportProjectProgress } from '../projects/status.ts';
import { copyHrus, pgArray, projectTotals } from '../projects/watershed.ts';
import { REGIONAL_QUEUE, regionSubbasins, type RegionalJob } from './service.ts';

async function createRegional(deps: AppDeps, job: JobContext<RegionalJob>): Promise<void> {
  const { projectId: id, regionId, requestId } = job.data;
  const db = deps.db;
  const finish = (patch: Partial<ApiRequest>) => ApiRequest.query().patch({ isRunning: false, currentProgress: 100, lastModifiedDate: new Date(), ...patch }).where('id', requestId);
  try {
    const p = await Project.query().findById(id);
    if (!p) return finish({ status: 'Error', hasError: true, statusMessage: 'The project was deleted.' }).then(() => undefined);
    const region = await DatasetRegion.query().findById(regionId);
    if (!region) throw new Error('The region is no longer in the dataset.');
    await reportProjectProgress(deps, id, 1, 'Finding the subbasins of the region...');
    await db('project_hrus').where('projectId', id).delete();
    await db('project_subbasins').where('projectId', id).delete();
    const { outletIds, ids } = await regionSubbasins(deps, region);
    // like projects/watershed.ts copySubbasins, with every outlet a downstream end
    await db.raw(
      `insert into project_subbasins (project_id, subbasin_id, number, dataset_number, name, downstream_subbasin_id, downstream_name,
                                      area, land_area, cumulative_area, elevation, num_hrus, is_downstream, is_starting)
       select ?, s.id, row_number() over (order by s.number, s.id), s.number, s.name,
              case when s.id = any(?::int[]) then null else s.downstream_id end, case when s.id = any(?::int[]) then null else d.name end,
              s.area, s.land_area, s.cumulative_area, s.elevation,
              (select count(*) from hrus h where h.subbasin_id = s.id), s.id = any(?::int[]), false
         from subbasins s left join subbasins d on d.id = s.downstream_id
        where s.id = any(?::int[])`,
      [id, pgArray(outletIds), pgArray(outletIds), pgArray(outletIds), pgArray(ids)],
    );
    const n = ids.length;
    const step = Math.max(1, Math.ceil(n / 20));
    for (let from = 1; from <= n; from += step) {
      const [{ c }] = (await db('project_hrus').count({ c: '*' }).where('projectId', id)) as { c: string }[];
      const to = Math.min(n, from + step - 1);
      await copyHrus(db, id, from, to, Number(c));
      await reportProjectProgress(deps, id, 5 + (90 * to) / n, `Copying HRUs: ${to.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} subbasins...`);
    }
    await db.raw('analyze project_hrus').catch(() => {});
    const totals = await projectTotals(db, id);
    await Project.query().patch({ ...totals, lastModifiedDate: new Date() }).where('id', id);
    await reportProjectProgress(deps, id, 100, 'Project created.', { isCreating: false, isCreated: true, hasError: false });
    await finish({ status: 'Completed', hasRun: true, statusMessage: `Regional project created: ${totals.numSubbasins} subbasins.`, numDone: 1 });
  } catch (err) {
    await db('project_hrus').where('projectId', id).delete().catch(() => {});
    await db('project_subbasins').where('projectId', id).delete().catch(() => {});
    if (await Project.query().findById(id)) await reportProjectError(deps, id, err);
    await finish({ status: 'Error', hasError: true, statusMessage: 'The regional project could not be created.', exceptionMessage: err instanceof Error ? err.message : String(err) });
  }
}

export function regionalProcessors(deps: AppDeps): Record<string, Handler<unknown, unknown>> {
  return { [REGIONAL_QUEUE]: ((job: JobContext<RegionalJob>) => createRegional(deps, job)) as Handler<unknown, unknown> };
}
