// The frame of a custom output request's results page (flood frequency, baseflow): loads the
// request and its summary, links back to the tool's requests, says why there is no result yet
// (running, or the error), and keeps the chosen subbasin in the address (`?subbasin=`).
import { Alert, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../api/hooks.ts';
import type { CustomOutputRequest } from '../custom-outputs.ts';
import type { RouteRef } from '../routes.ts';
import { ErrorList } from '../ui/ErrorList.tsx';
import { RouteLink } from '../ui/RouteLink.tsx';

export type CustomOutputResultFrame<S> = {
  request: CustomOutputRequest;
  summary: S;
  /** the chosen subbasin's number (the first row's until one is chosen) */
  selected: number;
  select: (subbasin: string | null) => void;
  /** the link back to the tool's request list */
  back: ReactNode;
};

export type CustomOutputResultProps<S> = {
  /** GET path of `{ request, summary }` (summary null until the request completes) */
  api: string;
  /** the tool's page, with the scenario's `id` and `scenarioID` */
  requests: RouteRef<'id' | 'scenarioID'>;
  params: { id: string; scenarioID: string };
  children: (frame: CustomOutputResultFrame<S>) => ReactNode;
};

export function CustomOutputResult<S extends { rows: { number: number }[] }>({ api, requests, params, children }: CustomOutputResultProps<S>) {
  const q = useApiQuery<{ request: CustomOutputRequest; summary: S | null }>(api);
  const [search, setSearch] = useSearchParams();
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <ErrorList error={q.error} />;
  const { request, summary } = q.data;
  const back = (
    <RouteLink to={requests} params={params}>
      Back to the requests
    </RouteLink>
  );
  if (!summary)
    return (
      <Stack>
        <Alert color={request.status === 'error' ? 'red' : 'blue'}>{request.status === 'error' ? `Error ${request.statusMessage}` : request.statusMessage}</Alert>
        {back}
      </Stack>
    );
  const selected = Number(search.get('subbasin') ?? summary.rows[0]?.number ?? 0);
  const select = (n: string | null) => {
    if (!n) return;
    const next = new URLSearchParams(search);
    next.set('subbasin', n);
    setSearch(next, { replace: true });
  };
  return <>{children({ request, summary, selected, select, back })}</>;
}
