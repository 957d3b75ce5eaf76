// Data hooks of the scenario pages: the scenario with its live run status, the plugin
// registry's editors and output tools, and cache invalidation after a change.
import { navHref, useApiQuery, useLiveStatus, type NavMenu, type PluginKind, type PluginListing } from '@headwater/plugin-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ProjectResponse, ScenarioResponse, ScenarioStatusEvent } from './types.ts';

/** Invalidates every cached query of a project's scenarios (grid, list, project summary) and of one scenario. */
export function useInvalidateScenarios(projectID: string | number) {
  const client = useQueryClient();
  return (scenarioID?: string | number) =>
    client.invalidateQueries({
      predicate: (q) => {
        if (q.queryKey[0] !== 'api') return false;
        const key = String(q.queryKey[1] ?? '');
        return (
          key.startsWith(`projects/scenarios/${projectID}`) ||
          key.startsWith(`projects/scenarios/listall/${projectID}`) ||
          key === `projects/${projectID}` ||
          key.startsWith('projects/recent-activity') ||
          key.startsWith(`scenarios/options/${projectID}`) ||
          (scenarioID !== undefined && key === `scenarios/${scenarioID}`)
        );
      },
    });
}

/** The project's name for the breadcrumbs (the same cache entry the projects pages use). */
export function useProject(projectID: string) {
  return useApiQuery<ProjectResponse>(`projects/${projectID}`, { staleTime: 30_000 });
}

/**
 * GET scenarios/{id} with its live run status (room `scenario:{id}`). At 100 %, or when the run
 * stops, the scenario reloads. A missed message (a run that ended before the page joined its
 * room) is covered by a poll while running: every 2 s for the first 20 s, then every 15 s.
 */
export function useScenario(projectID: string, scenarioID: string) {
  const runningSince = useRef<number | null>(null);
  const query = useApiQuery<ScenarioResponse>(`scenarios/${scenarioID}`, {
    refetchInterval: (q) => {
      if (!q.state.data?.status.isRunning) {
        runningSince.current = null;
        return false;
      }
      runningSince.current ??= Date.now();
      return Date.now() - runningSince.current < 20_000 ? 2_000 : 15_000;
    },
  });
  const invalidate = useInvalidateScenarios(projectID);
  const running = !!query.data?.status.isRunning;
  const runningRef = useRef(running);
  runningRef.current = running;
  const [live, setLive] = useState<ScenarioStatusEvent | null>(null);
  // A run's last message is forgotten once the reloaded scenario says it stopped.
  useEffect(() => {
    if (!running) setLive(null);
  }, [running]);
  useLiveStatus<ScenarioStatusEvent>(`scenario:${scenarioID}`, 'scenario-status', (e) => {
    if (String(e.scenarioID) !== String(scenarioID)) return;
    if (e.progress >= 100 || e.isRunning === false) {
      // The last message stays on screen until the reload arrives (no flash of an older poll).
      if (runningRef.current) setLive(e);
      void invalidate(scenarioID);
      return;
    }
    setLive(e);
    // A run this page has not seen start yet (queued from another tab): load its status.
    if (!runningRef.current) void invalidate(scenarioID);
  });
  return { query, data: query.data, live: running ? live : null, invalidate: () => invalidate(scenarioID), invalidateLists: () => invalidate() };
}

export type ToolLink = { key: string; label: string; to: string; modTable?: string };

const MENU: Partial<Record<PluginKind, NavMenu>> = { editor: 'scenario-editors', output: 'scenario-outputs' };

/** Links to the enabled plugins of one kind for a scenario: each plugin's entries in the
 * scenario menu of that kind (an editor's or output tool's main page is one), with the
 * scenario's `id` and `scenarioID` filled in. */
export function toolLinks(plugins: PluginListing[] | undefined, kind: PluginKind, params: { id: string | number; scenarioID: string | number }): ToolLink[] {
  const menu = MENU[kind];
  return (plugins ?? [])
    .filter((p) => p.kind === kind)
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.title.localeCompare(b.title))
    .flatMap((p) => {
      const nav = p.nav.filter((n) => n.menu === menu).sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
      return nav.flatMap((n, i) => {
        const to = navHref(p, n, params);
        return to ? [{ key: `${p.id}:${i}`, label: n.label, to, modTable: p.modTable }] : [];
      });
    });
}
