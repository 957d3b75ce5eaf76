// The project as every project page reads it, with its live status (spec 1 §4): while
// creating, setting HRUs, zipping or copying, a progress bar with the message and a manual
// refresh, live from room `project:{id}`; at 100 the page reloads or moves on.
import { Alert, Anchor, Breadcrumbs, Text } from '@mantine/core';
import { ERROR_REPORT_MESSAGES, ErrorStatusView, Link, PageLayout, ProgressView, ROUTES, SuccessAlert, queryFallback, useApiQuery, useLinks, useLiveStatus, useNavigate } from '@headwater/plugin-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { PROJECT_MESSAGES } from './logic.ts';
import type { ProjectResponse, ProjectStatus, ProjectStatusEvent } from './types.ts';

export type BusyKind = 'creating' | 'settingHrus' | 'zipping' | 'copying';

export function busyKind(s: ProjectStatus | undefined): BusyKind | null {
  if (!s) return null;
  if (s.isCopying) return 'copying'; // a copy is also creating: name it as the copy it is
  if (s.isCreating) return 'creating';
  if (s.isSettingHrus) return 'settingHrus';
  if (s.isZipping) return 'zipping';
  return null;
}

const BUSY_TEXT: Record<BusyKind, string> = {
  creating: 'Creating the project…',
  copying: 'Copying the project…',
  settingHrus: 'Setting the project HRUs…',
  zipping: 'Zipping the project…',
};

/** Invalidates every cached query of one project (`projects/5`, `projects/hrus/5`, ...). */
export function useInvalidateProject(id: string | number) {
  const client = useQueryClient();
  /** `cancelRefetch: false` joins a fetch already under way instead of restarting it. */
  return (opts: { cancelRefetch?: boolean } = {}) =>
    client.invalidateQueries(
      {
        predicate: (q) => {
          const key = String(q.queryKey[1] ?? '');
          return q.queryKey[0] === 'api' && (key === `projects/${id}` || new RegExp(`^(projects/[a-z-]+|hruselection/hrus|projects/map)/${id}(\\b|$)`).test(key));
        },
      },
      { cancelRefetch: opts.cancelRefetch ?? true },
    );
}

export function useProject(id: string) {
  // A fallback for a missed live message (e.g. a short job that ended before this page joined
  // its room): while busy, look again every 2 s for the first 20 s, then every 15 s.
  const busySince = useRef<number | null>(null);
  const query = useApiQuery<ProjectResponse>(`projects/${id}`, {
    refetchInterval: (q) => {
      if (!busyKind(q.state.data?.status)) {
        busySince.current = null;
        return false;
      }
      busySince.current ??= Date.now();
      return Date.now() - busySince.current < 20_000 ? 2_000 : 15_000;
    },
  });
  const invalidate = useInvalidateProject(id);
  const navigate = useNavigate();
  const link = useLinks();
  const kind = busyKind(query.data?.status);
  const kindRef = useRef(kind);
  kindRef.current = kind;
  const [live, setLive] = useState<ProjectStatusEvent | null>(null);
  useLiveStatus<ProjectStatusEvent>(`project:${id}`, 'project-status', (e) => {
    if (String(e.projectID) !== String(id)) return;
    setLive(e);
    if (e.progress >= 100 || e.progress <= 0) {
      // 100: done (or failed, with the error on the project); 0: queued again or cancelled.
      const k = kindRef.current;
      setLive(null);
      void invalidate();
      if (e.progress < 100) return;
      const next = k === 'settingHrus' ? link(ROUTES.ProjectHrus, { id }) : k === 'zipping' ? link(ROUTES.ProjectDownloads, { id }) : undefined;
      if (next) navigate(next);
    } else if (!kindRef.current) void invalidate({ cancelRefetch: false });
  });
  return { query, kind, live, invalidate, data: query.data };
}

export function ProjectBusy({ kind, data, live, onRefresh }: { kind: BusyKind; data: ProjectResponse; live: ProjectStatusEvent | null; onRefresh: () => void }) {
  const percent = live?.progress ?? data.progress?.percent ?? 0;
  const message = live?.statusMessage ?? data.progress?.message ?? data.status?.statusMessage ?? BUSY_TEXT[kind];
  return (
    <Alert color="blue" title={BUSY_TEXT[kind]} data-testid="project-busy">
      <ProgressView percent={percent} message={message ?? undefined} onRefresh={onRefresh} />
    </Alert>
  );
}

/** A project in error (spec 1 §4): the message and exception, Submit Error Report and Clear Error. */
export function ProjectErrorView({ id, status, onCleared, onReported }: { id: string; status: ProjectStatus; onCleared: () => void; onReported: () => void }) {
  return (
    <ErrorStatusView
      title={PROJECT_MESSAGES.projectError}
      statusMessage={status.statusMessage}
      exceptionMessage={status.exceptionMessage}
      clearPath={`projects/clearerror/${id}`}
      onCleared={onCleared}
      report={{ projectID: Number(id), clearErrorLabel: 'Clear the error from this project' }}
      onReported={onReported}
      testId="project-error"
    />
  );
}

/** Invalidates the project lists (grid, recent activity, dashboard) after a project changed or went. */
export function useRefreshProjectLists() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && /^projects($|\?|\/recent-activity|\/dashboard)/.test(String(q.queryKey[1] ?? '')) });
}

/**
 * The frame of every project page: breadcrumbs, title, then the busy or error state, then
 * the page. `whileBusy` decides whether the page content still shows during a job.
 */
export function ProjectFrame({
  id,
  page,
  crumbs = [],
  actions,
  children,
  showWhileBusy = false,
  showError = true,
}: {
  id: string;
  page?: string;
  /** Crumbs between the project and the page (e.g. Error reports on a report's page). */
  /** Trail after the project; an entry without `to` (its page's plugin off) is plain text. */
  crumbs?: { label: string; to?: string }[];
  actions?: (data: ProjectResponse) => ReactNode;
  children: (data: ProjectResponse) => ReactNode;
  showWhileBusy?: boolean;
  /** False where the page shows the error itself (the error report form). */
  showError?: boolean;
}) {
  const { query, kind, live, invalidate, data } = useProject(id);
  const [reported, setReported] = useState(false);
  const closeReported = useCallback(() => setReported(false), []);
  const link = useLinks();
  const projectList = link(ROUTES.ProjectList);
  const projectView = link(ROUTES.ProjectView, { id });
  if (!data) return queryFallback(query, 'Project');
  const project = data.project;
  return (
    <PageLayout title={page ? `${project.name}: ${page}` : project.name} documentTitle={page ? `${page} · ${project.name}` : project.name} actions={kind ? undefined : actions?.(data)}>
      <Breadcrumbs>
        {projectList && (
          <Anchor component={Link} to={projectList} size="sm">
            Projects
          </Anchor>
        )}
        {page && projectView ? (
          <Anchor component={Link} to={projectView} size="sm" data-testid="crumb-project">
            {project.name}
          </Anchor>
        ) : (
          <Text size="sm">{project.name}</Text>
        )}
        {crumbs.map((c) =>
          c.to ? (
            <Anchor key={c.label} component={Link} to={c.to} size="sm">
              {c.label}
            </Anchor>
          ) : (
            <Text key={c.label} size="sm">
              {c.label}
            </Text>
          ),
        )}
        {page && <Text size="sm">{page}</Text>}
      </Breadcrumbs>
      <SuccessAlert show={reported} message={ERROR_REPORT_MESSAGES.submitted} onClose={closeReported} />
      {kind && <ProjectBusy kind={kind} data={data} live={live} onRefresh={() => void query.refetch()} />}
      {!kind && showError && data.status?.hasError && <ProjectErrorView id={id} status={data.status} onCleared={() => void invalidate()} onReported={() => setReported(true)} />}
      {(!kind || showWhileBusy) && children(data)}
    </PageLayout>
  );
}
