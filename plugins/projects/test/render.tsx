// Renders a page with the providers the shell gives it, over a stubbed fetch.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';

export type Call = { method: string; url: string; body: unknown };
type Handler = (call: Call) => unknown;

/** Stubs fetch: `routes` maps "METHOD path-prefix" (or a path prefix for GET) to a body or a handler. */
export function serve(routes: Record<string, unknown>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input).replace(/^\/api\//, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const call = { method, url, body };
      calls.push(call);
      const keys = Object.keys(routes).sort((a, b) => b.length - a.length);
      const key = keys.find((k) => {
        const [m, p] = k.includes(' ') ? k.split(' ') : ['GET', k];
        return m === method && (url === p || url.startsWith(`${p}?`) || url.startsWith(`${p}/`) || (p!.endsWith('*') && url.startsWith(p!.slice(0, -1))));
      });
      if (!key) return new Response(JSON.stringify('Requested data not found.'), { status: 404, headers: { 'content-type': 'application/json' } });
      const value = routes[key];
      const out = typeof value === 'function' ? (value as Handler)(call) : value;
      return new Response(JSON.stringify(out ?? null), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

export function Where() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

export function renderAt(path: string, pattern: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={element} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
