// Scenario files (spec 2 §2 'A link to download the scenario files'): the TxtInOut folder that
// ran, with its outputs, as a zip streamed straight from the folder — the same files a modeller
// can run again with any SWAT executable. A failed run's folder is its debug files. Outputs and
// files are kept until the last run date plus keepMonths (pruneExpiredOutputs).
import { createReadStream, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError } from '@headwater/plugin-sdk/server';
import type { User } from '../users/models.ts';
import { clearCustomOutputs } from '../custom-outputs/service.ts';
import { Scenario } from './models.ts';
import { EDITOR_TABLES_FILE } from './run/editor-tables.ts';
import { scenarioFolders } from './run/job.ts';
import { scenarioFor } from './service.ts';

function zipFolder(dir: string, prefix: string): Readable {
  const zip = new yazl.ZipFile();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) zip.addFile(p, `${prefix}/${relative(dir, p).split('\\').join('/')}`, { compress: true });
    }
  };
  walk(dir);
  zip.end();
  return zip.outputStream as unknown as Readable;
}

const safeName = (s: string) => s.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80) || 'scenario';

export async function scenarioFilesZip(deps: AppDeps, user: User, id: number, debug: boolean): Promise<{ stream: Readable; name: string }> {
  const { scenario, project } = await scenarioFor(user, id);
  const folders = scenarioFolders(deps, id);
  const dir = debug ? folders.run : folders.files;
  const has = debug ? scenario.hasDebugFiles : scenario.hasFiles;
  if (!has || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new NotFoundError();
  const name = `${safeName(project.name)}-${safeName(scenario.name)}${debug ? '-debug' : ''}`;
  return { stream: zipFolder(dir, 'TxtInOut'), name: `${name}.zip` };
}

/** The SWAT Editor input tables (SQLite) the scenario's last run wrote, when it was asked to. */
export async function scenarioEditorTables(deps: AppDeps, user: User, id: number): Promise<{ stream: Readable; name: string }> {
  const { scenario, project } = await scenarioFor(user, id);
  const file = join(scenarioFolders(deps, id).files, EDITOR_TABLES_FILE);
  if (!scenario.hasFiles || !statSync(file, { throwIfNoEntry: false })?.isFile()) throw new NotFoundError();
  return { stream: createReadStream(file), name: `${safeName(project.name)}-${safeName(scenario.name)}-SWAT2012.sqlite` };
}

/** Removes outputs and files of scenarios whose last run is older than keepMonths. */
export async function pruneExpiredOutputs(deps: AppDeps): Promise<number> {
  const cutoff = new Date();
  cutoff.setMonth(cutoff.getMonth() - deps.config.keepMonths);
  const expired = await Scenario.query().where('hasRun', true).where('isRunning', false).where('lastRunDate', '<', cutoff).select('id');
  for (const { id } of expired) {
    await deps.db('scenario_output_series').where('scenarioId', id).delete();
    await deps.db('scenario_output_sets').where('scenarioId', id).delete();
    await clearCustomOutputs(deps, id);
    rmSync(scenarioFolders(deps, id).root, { recursive: true, force: true });
    await Scenario.query().patch({ hasRun: false, hasFiles: false, hasDebugFiles: false, statusMessage: '' }).where('id', id);
  }
  return expired.length;
}
