// The `admin-special-job` queue: runs one special administrative job, writing its progress to
// its row and to room `adminspecialjobs` (the Special jobs page listens), then complete or error.
import type { AppDeps } from '../../deps.ts';
import type { Handler, JobContext } from '../../jobs/queue.ts';
import { dashboard } from '../admin-dashboard/service.ts';
import { pruneExpiredOutputs } from '../scenarios/files.ts';
import { rerunFailedImport } from '../datasets/imports.ts';
import { isEnabled as huc2Enabled, startImport as restartHuc2 } from '../huc2-import/service.ts';
import { User } from '../users/models.ts';
import { runView, SPECIAL_EVENT, SPECIAL_QUEUE, SPECIAL_ROOM, type SpecialJobData } from './service.ts';

type Report = (percent: number, message: string) => Promise<void>;

/** Bounding box of a GeoJSON Polygon or MultiPolygon. */
export function bbox(geometry: { type: string; coordinates: unknown }): [number, number, number, number] | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const walk = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      const [x, y] = c as number[];
      if (x! < minX) minX = x!;
      if (x! > maxX) maxX = x!;
      if (y! < minY) minY = y!;
      if (y! > maxY) maxY = y!;
    } else if (Array.isArray(c)) for (const x of c) walk(x);
  };
  walk(geometry?.coordinates);
  return Number.isFinite(minX) ? [minX, minY, maxX, maxY] : null;
}

async function rebuildGeometry(deps: AppDeps, report: Report): Promise<string> {
  const [{ n }] = (await deps.db('subbasins').count({ n: '*' })) as { n: string }[];
  const total = Number(n);
  let done = 0;
  let changed = 0;
  let lastId = 0;
  for (;;) {
    const rows = (await deps.db('subbasins').where('id', '>', lastId).orderBy('id').limit(500).select('id', 'geometry', 'minLon', 'minLat', 'maxLon', 'maxLat')) as { id: number; geometry: { type: string; coordinates: unknown }; minLon: number; minLat: number; maxLon: number; maxLat: number }[];
    if (!rows.length) break;
    for (const r of rows) {
      const b = bbox(r.geometry);
      if (b && (b[0] !== r.minLon || b[1] !== r.minLat || b[2] !== r.maxLon || b[3] !== r.maxLat)) {
        await deps.db('subbasins').where('id', r.id).update({ minLon: b[0], minLat: b[1], maxLon: b[2], maxLat: b[3] });
        changed++;
      }
    }
    lastId = rows[rows.length - 1]!.id;
    done += rows.length;
    await report(Math.min(99, Math.floor((100 * done) / Math.max(1, total))), `Checked ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} subbasins...`);
  }
  return `Checked ${total.toLocaleString('en-US')} subbasins; ${changed.toLocaleString('en-US')} bounding boxes corrected.`;
}

async function vacuum(deps: AppDeps, report: Report): Promise<string> {
  const tables = ((await deps.db.raw(`select tablename from pg_tables where schemaname = current_schema() order by tablename`)).rows as { tablename: string }[]).map((r) => r.tablename);
  for (let i = 0; i < tables.length; i++) {
    await report(Math.floor((100 * i) / tables.length), `Vacuuming ${tables[i]}...`);
    await deps.db.raw('vacuum analyze ??', [tables[i]!]);
  }
  return `Vacuumed and analysed ${tables.length} tables.`;
}

/** Re-run failed imports: every uploaded dataset import in the error state is queued again when
 * its upload is still on the server; every regional (HUC2) import that ended in an error is
 * restarted as its Restart button does. The message names each one and, for those that could
 * not be, why. The imports themselves run on their own queues with their own live progress. */
async function rerunImports(deps: AppDeps, report: Report, adminId: number | null): Promise<string> {
  const uploads = (await deps.db('dataset_imports').where('status', 'error').orderBy('id').select('id', 'name')) as { id: number; name: string }[];
  const regions = (await deps.db('huc2_imports').where({ hasError: true, isRunning: false }).orderBy('id').select('id', 'region', 'digits')) as { id: number; region: string; digits: number }[];
  const total = uploads.length + regions.length;
  if (total === 0) return 'There are no failed imports.';
  const queued: string[] = [];
  const refused: string[] = [];
  let done = 0;
  for (const u of uploads) {
    const label = `import ${u.id} '${u.name}'`;
    await report(Math.floor((100 * done) / total), `Re-running ${label}...`);
    const why = await rerunFailedImport(deps, u.id).catch((err: Error) => err.message);
    if (why) refused.push(`${label}: ${why}`);
    else queued.push(label);
    done++;
  }
  if (regions.length) {
    const admin = adminId ? await User.query().findById(adminId) : undefined;
    const enabled = await huc2Enabled();
    for (const r of regions) {
      const label = `HUC2 ${r.region} HUC${r.digits}`;
      await report(Math.floor((100 * done) / total), `Restarting ${label}...`);
      if (!enabled) refused.push(`${label}: regional imports are turned off.`);
      else if (!admin) refused.push(`${label}: the administrator who started this job no longer exists.`);
      else {
        try {
          await restartHuc2(deps, admin, r.id);
          queued.push(label);
        } catch (err) {
          refused.push(`${label}: ${(err as Error).message || 'it could not be restarted.'}`);
        }
      }
      done++;
    }
  }
  const parts = [`${queued.length} of ${total} failed imports queued again${queued.length ? ` (${queued.join(', ')})` : ''}.`];
  if (refused.length) parts.push(`Not re-run: ${refused.join('; ')}`);
  return parts.join(' ');
}

async function runSpecial(deps: AppDeps, job: JobContext<SpecialJobData>): Promise<void> {
  const { runId, kind } = job.data;
  const update = async (patch: Record<string, unknown>) => {
    const [row] = await deps.db('admin_special_jobs').where('id', runId).update(patch).returning('*');
    if (row) await deps.bus.publish(SPECIAL_ROOM, SPECIAL_EVENT, runView(row));
  };
  const report: Report = async (percent, message) => {
    await update({ status: 'running', progress: Math.max(1, percent), message });
    await job.reportProgress({ percent, message });
  };
  try {
    await report(1, 'Starting...');
    let message: string;
    switch (kind) {
      case 'prune-outputs':
        message = `Outputs of ${await pruneExpiredOutputs(deps)} scenarios removed.`;
        break;
      case 'dashboard-statistics': {
        const d = await dashboard(deps, true);
        message = `Dashboard statistics computed (${d.numUsers} users, ${d.numProjects} projects, ${d.numScenarios} scenarios).`;
        break;
      }
      case 'vacuum-analyze':
        message = await vacuum(deps, report);
        break;
      case 'rerun-imports': {
        const run = await deps.db('admin_special_jobs').where('id', runId).first('startedById');
        message = await rerunImports(deps, report, run?.startedById ?? null);
        break;
      }
      case 'geometry-caches':
        message = await rebuildGeometry(deps, report);
        break;
      default:
        throw new Error(`Unknown special job '${kind as string}'.`);
    }
    await update({ status: 'complete', progress: 100, message, finishedAt: new Date() });
  } catch (err) {
    await update({ status: 'error', message: err instanceof Error ? err.message : String(err), finishedAt: new Date() });
    throw err;
  }
}

export function specialJobProcessors(deps: AppDeps): Record<string, Handler<unknown, unknown>> {
  return { [SPECIAL_QUEUE]: ((job: JobContext<SpecialJobData>) => runSpecial(deps, job)) as Handler<unknown, unknown> };
}
