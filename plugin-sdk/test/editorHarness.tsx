// Shared by the editor component tests: a stubbed API (fetch) and the providers a page has.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { defineEditor } from '../src/editor/defineEditor.tsx';
import type { EditorOptions } from '../src/editor/types.ts';
import { workspacePlugins } from '../src/testing.tsx';

/** An editor as a test writes it: what its package.json would declare, and its options. */
export type TestEditor = EditorOptions & { id: string; modTable: string; title: string; slug?: string };

/** The package.json of a test editor (its `headwater` block). */
export function editorPackage({ id, modTable, title, slug }: Pick<TestEditor, 'id' | 'modTable' | 'title' | 'slug'>) {
  return { version: '0.0.0', headwater: { id, kind: 'editor', title, sdk: '^1', modTable, ...(slug ? { slug } : {}) } };
}

/** defineEditor over a test editor's package and options. */
export function defineTestEditor({ id, modTable, title, slug, ...options }: TestEditor) {
  return defineEditor(editorPackage({ id, modTable, title, slug }), options);
}

export type Call = { method: string; path: string; body: unknown };
type Reply = unknown | { status: number; body: unknown };
type Handler = (call: Call) => Reply;

export const reply = (status: number, body: unknown) => ({ __reply: true, status, body });

/** Stubs fetch: `routes['GET scenarios/7']` answers that call (a value, a function, or reply()).
 * `GET plugins` lists the workspace's plugins (the Back link resolves) unless a test answers it. */
export function serveApi(routes: Record<string, Reply | Handler>): Call[] {
  const calls: Call[] = [];
  routes = { 'GET plugins': workspacePlugins(), ...routes };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.replace(/^\/api\//, '');
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = { method, path, body };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      if (route === undefined) return new Response(JSON.stringify(`no route ${method} ${path}`), { status: 404, headers: { 'content-type': 'application/json' } });
      let out = typeof route === 'function' ? (route as Handler)(call) : route;
      let status = 200;
      if (out && typeof out === 'object' && '__reply' in out) {
        const r = out as unknown as { status: number; body: unknown };
        status = r.status;
        out = r.body;
      }
      return new Response(JSON.stringify(out), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

export function renderWithProviders(ui: ReactNode, { route = '/' }: { route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
