// What a page shows before its main query has data: a loader while it loads, then the error
// (the spec's 404 and 403 texts) — on a page of its own, or in place when `title` is left out.
import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { loadError } from '../api/actions.ts';
import { ErrorList } from './ErrorList.tsx';
import { PageLayout } from './PageLayout.tsx';

/** Null once the query has data; else the loader or the error to show instead of the page. */
export function queryFallback(query: { isLoading: boolean; data?: unknown; error: unknown }, title?: string): ReactNode | null {
  if (query.isLoading)
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  if (query.data !== undefined && query.data !== null) return null;
  const error = <ErrorList error={loadError(query.error)} />;
  return title ? <PageLayout title={title}>{error}</PageLayout> : error;
}
