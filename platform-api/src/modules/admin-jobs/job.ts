// The `admin-special-job` queue: runs one special administrative job, writing its progress to
// its row and to room `adminspecialjobs` (the Special jobs page listens), then complete or error.
import type { AppDeps } from '../../deps.ts';
import type { Handler, JobContext } from '../../jobs/queue.ts';
import { dashboard } from '../admin-dashboard/service.ts';
import { pruneExpiredOutputs } from '../scenarios/files.ts';
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
