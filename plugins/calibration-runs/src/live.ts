// Live state of calibration requests: the `calibration-status` events of the scenario's room,
// with the cheap status call (route 4) as a fallback poll while a request is queued or running
// (a lost socket or a missed event must not freeze the progress bar).
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { api, useLiveStatus } from '@headwater/plugin-sdk';
import { CALIBRATION_EVENT, isActive, type CalibrationEvent, type CalibrationSummary } from './request.ts';

export const POLL_MS = 5000;

/** The requests as last heard of: each row replaced by its newest event or poll answer;
 * `onSettled` is called when one of them stops (complete, aborted, error). */
export function useLiveRequests(scenarioID: string, rows: CalibrationSummary[], onSettled: (r: CalibrationSummary) => void) {
  const [live, setLive] = useState<Record<number, { s: CalibrationSummary; ranges?: [number, number][] }>>({});
  const take = (s: CalibrationSummary, ranges?: [number, number][]) => {
    setLive((m) => {
      const prev = m[s.id]?.s;
      // An older answer (a poll that crossed an event) must not move the bar back.
      if (prev && prev.status === s.status && prev.runsDone > s.runsDone) return m;
      return { ...m, [s.id]: { s, ranges: ranges ?? m[s.id]?.ranges } };
    });
    if (!isActive(s.status)) onSettled(s);
  };
  useLiveStatus<CalibrationEvent>(scenarioID ? `scenario:${scenarioID}` : null, CALIBRATION_EVENT, (e) => {
    if (String(e.scenarioID) !== String(scenarioID)) return;
    const { scenarioID: _s, ranges, deleted, ...summary } = e;
    // A deleted request leaves the list at the next page load.
    if (deleted) onSettled(summary);
    else take(summary, ranges);
  });
  const merged = rows.map((r) => {
    const l = live[r.id]?.s;
    // A newer page load (after a refresh) wins over a stale live state of a finished request.
    return l && (isActive(r.status) || !isActive(l.status)) ? l : r;
  });
  const active = merged.filter((r) => isActive(r.status));
  useQueries({
    queries: active.map((r) => ({
      queryKey: ['calibration-status', r.id],
      queryFn: async () => {
        const s = await api.get<CalibrationSummary>(`scenarios/output/calibration/request/${r.id}/status`);
        take(s);
        return s;
      },
      refetchInterval: POLL_MS,
      refetchOnWindowFocus: false,
      retry: false,
    })),
  });
  return { requests: merged, ranges: (id: number) => live[id]?.ranges };
}
