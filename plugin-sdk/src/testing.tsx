// Component-test harness for plugin pages (tests only, never in a bundle):
// `import { renderAt, serve } from '@headwater/plugin-sdk/testing.tsx'`. Renders a page with the
// providers the shell gives it (Mantine, react-query, a router) over a stubbed fetch.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import type { PageProps } from './plugin.ts';
import { vi } from 'vitest';

/** One request the page made: method, the path after `/api/` (with its query) and the JSON body. */
export type Call = { method: string; url: string; body: unknown };
type Handler = (call: Call) => unknown;
type Reply = { __reply: true; status: number; body: unknown };

/** An answer with another status than 200: `serve({ 'POST errorreports': reply(400, { errors: … }) })`. */
export function reply(status: number, body: unknown): Reply {
  return { __reply: true, status, body };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body ?? null), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stubs fetch. `routes` maps "METHOD path" (or a bare path for GET) to a body, a `reply()` or a
 * handler of the call. A path answers itself, itself with a query (`path?…`) and the paths
 * under it (`path/…`); `path*` answers every path it begins; the longest key wins. Anything
 * else answers 404. Returns the calls made, in order.
 */
export function serve(routes: Record<string, unknown>): Call[] {
  const calls: Call[] = [];
  const keys = Object.keys(routes).sort((a, b) => b.length - a.length);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input).replace(/^\/api\//, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const call = { method, url, body };
      calls.push(call);
      const key = keys.find((k) => {
        const [m, p] = k.includes(' ') ? (k.split(' ') as [string, string]) : ['GET', k];
        return m === method && (url === p || url.startsWith(`${p}?`) || url.startsWith(`${p}/`) || (p.endsWith('*') && url.startsWith(p.slice(0, -1))));
      });
      if (!key) return json('Requested data not found.', 404);
      const value = routes[key];
      const out = typeof value === 'function' ? (value as Handler)(call) : value;
      if (out && typeof out === 'object' && '__reply' in out) return json((out as Reply).body, (out as Reply).status);
      return json(out);
    }),
  );
  return calls;
}

/** Shows the router's location (`data-testid="location"`): where a page navigated to. */
export function Where() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

/** `staleTime`: keep data fresh that long, as the shell does (30 s), to test that a change invalidates it. */
export type RenderOptions = { staleTime?: number };

function Providers({ path, options = {}, children }: { path: string; options?: RenderOptions; children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: options.staleTime ?? 0 } } }));
  return (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          {children}
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders `element` at `path` under the route `pattern` (other paths render nothing), with <Where />. */
export function renderAt(path: string, pattern: string, element: ReactNode) {
  return render(
    <Providers path={path}>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="*" element={null} />
      </Routes>
    </Providers>,
  );
}

function RoutedPage({ page: Page }: { page: ComponentType<PageProps> }) {
  const params = useParams() as PageProps['params'];
  const location = useLocation();
  return <Page params={params} path={location.pathname} />;
}

/** Renders a plugin's pages as the shell does (`{ '/projects/:id/errors': ErrorReportsPage, … }`,
 * params from the route), starting at `path`: navigation between them works. */
export function renderPages(path: string, pages: Record<string, ComponentType<PageProps>>, options?: RenderOptions) {
  return render(
    <Providers path={path} options={options}>
      <Routes>
        {Object.entries(pages).map(([pattern, page]) => (
          <Route key={pattern} path={pattern} element={<RoutedPage page={page} />} />
        ))}
        <Route path="*" element={null} />
      </Routes>
    </Providers>,
  );
}
