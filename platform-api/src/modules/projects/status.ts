// Project status and live progress (spec 1 §4): the flags and the last progress are kept on
// the project row (GET projects/{id} answers them after a reload) and every change is pushed to
// room `project:{id}` as `project-status` { projectID, progress, statusMessage }.
import type { AppDeps } from '../../deps.ts';
import { Project } from './models.ts';

export const PROJECT_STATUS_EVENT = 'project-status';
export const ERROR_STATUS = 'An error occurred in the project';

export type StatusFlags = Partial<Pick<Project, 'hasError' | 'isCreating' | 'isCreated' | 'isCopying' | 'isSettingHrus' | 'hasSetHrus' | 'isZipping' | 'exceptionMessage'>>;

export function projectRoom(id: number): string {
  return `project:${id}`;
}

/** Stores and pushes progress (percent 0–100 and a message), with any status flags. */
export async function reportProjectProgress(deps: Pick<AppDeps, 'bus'>, projectId: number, percent: number, message: string, flags: StatusFlags = {}): Promise<void> {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  await Project.query().patch({ progressPercent: p, progressMessage: message, statusMessage: message, ...flags }).where('id', projectId);
  await deps.bus.publish(projectRoom(projectId), PROJECT_STATUS_EVENT, { projectID: projectId, progress: p, statusMessage: message, message });
}

/** Marks a failed job on the project (kept until Clear Error). */
export async function reportProjectError(deps: Pick<AppDeps, 'bus' | 'log'>, projectId: number, err: unknown): Promise<void> {
  const exceptionMessage = err instanceof Error ? err.message : String(err);
  deps.log.error({ err, projectId }, 'project job failed');
  await reportProjectProgress(deps, projectId, 100, ERROR_STATUS, {
    hasError: true,
    isCreating: false,
    isCopying: false,
    isSettingHrus: false,
    isZipping: false,
    exceptionMessage,
  }).catch(() => {});
}

export function statusOf(p: Project) {
  return {
    hasError: p.hasError,
    isCreating: p.isCreating,
    isCreated: p.isCreated,
    isCopying: p.isCopying,
    isSettingHrus: p.isSettingHrus,
    hasSetHrus: p.hasSetHrus,
    isZipping: p.isZipping,
    statusMessage: p.statusMessage,
    exceptionMessage: p.exceptionMessage,
  };
}

export function progressOf(p: Project) {
  return { percent: p.progressPercent, message: p.progressMessage };
}

export function isBusy(p: Project): boolean {
  return p.isCreating || p.isCopying || p.isSettingHrus || p.isZipping;
}
