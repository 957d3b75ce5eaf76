/// <reference types="node" />
// Component-test harness for plugin pages (tests only, never in a bundle):
// `import { renderAt, serve } from '@headwater/plugin-sdk/testing'`. Renders a page with the
// providers the shell gives it (Mantine, react-query, a router) over a stubbed fetch. The
// stubbed `GET plugins` lists the workspace's plugins (route references resolve as in the
// product) unless a test lists its own (`workspacePlugins({ except: ['scenarios'] })`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { expandManifest, type ManifestSource, type PluginListing } from './manifest.ts';
import type { PageProps, PluginDefinition } from './plugin.ts';
import { vi } from 'vitest';

/** One request the page made: method, the path after `/api/` (with its query), the JSON body
 * and the Authorization header. */
export type Call = { method: string; url: string; body: any; auth: string | null };
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
  routes = { plugins: workspacePlugins(), ...routes };
  const keys = Object.keys(routes).sort((a, b) => b.length - a.length);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input).replace(/^\/api\//, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const auth = (init?.headers as Record<string, string> | undefined)?.Authorization ?? null;
      const call = { method, url, body, auth };
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

let workspace: PluginListing[] | undefined;

/** The plugins of this workspace (plugins/* and editors/* beside the SDK, else the package the
 * test runs in) as GET plugins lists them: every route reference resolves. */
export function workspacePlugins(filter: { except?: string[]; only?: string[] } = {}): PluginListing[] {
  workspace ??= readWorkspace();
  return workspace.filter((p) => (!filter.only || filter.only.includes(p.id)) && !filter.except?.includes(p.id));
}

function readWorkspace(): PluginListing[] {
  const root = join(import.meta.dirname, '..', '..');
  const dirs = ['plugins', 'editors'].flatMap((d) => (existsSync(join(root, d)) ? readdirSync(join(root, d)).map((n) => join(root, d, n)) : []));
  if (!dirs.length) dirs.push(process.cwd());
  return dirs.flatMap((dir) => {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) return [];
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version?: string; headwater?: ManifestSource };
    if (!pkg.headwater) return [];
    const m = expandManifest(pkg.headwater, pkg.version);
    return [{ id: m.id, kind: m.kind, title: m.title, routes: m.routes, nav: m.nav, modTable: m.modTable, order: m.order, entry: '', version: m.version, remote: '', settings: {} }];
  });
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

/** Renders a plugin's pages as the shell does (each declared route with its page, params from
 * the route), starting at `path`: navigation between them works. */
export function renderPages(path: string, plugin: PluginDefinition, options?: RenderOptions) {
  return render(
    <Providers path={path} options={options}>
      <Routes>
        {plugin.manifest.routes.map((route) => (
          <Route key={route.name} path={route.path} element={<RoutedPage page={plugin.pages[route.name]!} />} />
        ))}
        <Route path="*" element={null} />
      </Routes>
    </Providers>,
  );
}
