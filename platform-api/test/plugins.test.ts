import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/http/errors.ts';
import { syncWorkspacePlugins } from '../src/modules/plugins/service.ts';
import { PluginRecord } from '../src/modules/plugins/models.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let app: TestApp;
let admin: string;
let remote: Server;
let remoteUrl: string;
const served: Record<string, unknown> = {};

beforeAll(async () => {
  // A stand-in for an externally deployed remote: serves an mf-manifest.json and headwater.json.
  remote = createServer((req, res) => {
    const body = served[req.url ?? ''];
    if (body === undefined) {
      res.statusCode = 404;
      return res.end('not found');
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => remote.listen(0, '127.0.0.1', () => r()));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  app = await startTestApp();
  admin = await app.login();
});
afterAll(async () => {
  await app?.close();
  remote?.close();
});

describe('plugin registry', () => {
  it('lists the workspace plugins home and help with served entries', async () => {
    const res = await app.request('/api/plugins');
    expect(res.status).toBe(200);
    const ids = res.body.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['home', 'help']));
    const help = res.body.find((p: { id: string }) => p.id === 'help');
    expect(help).toMatchObject({ kind: 'page', entry: '/plugins/help/mf-manifest.json', remote: 'hw_help' });
    expect(help.routes.map((r: { path: string }) => r.path)).toEqual(['/help', '/help/landuse']);
  });

  it('lets a full admin disable and re-enable a plugin; visitors follow', async () => {
    expect((await app.request('/api/admin/plugins/help', { method: 'PUT', body: { enabled: false } })).status).toBe(401);
    const off = await app.request('/api/admin/plugins/help', { method: 'PUT', body: { enabled: false }, token: admin });
    expect(off.status).toBe(200);
    const visitor = await app.request('/api/plugins');
    expect(visitor.body.map((p: { id: string }) => p.id)).not.toContain('help');
    // The disabled plugin's API answers the spec's message.
    const api = await app.request('/api/help/runtimeguide');
    expect(api.status).toBe(400);
    expect(api.body).toBe(MESSAGES.featureDisabled);
    // The administrators' list still shows it, disabled.
    const all = await app.request('/api/admin/plugins', { token: admin });
    expect(all.body.find((p: { id: string }) => p.id === 'help').enabled).toBe(false);

    await app.request('/api/admin/plugins/help', { method: 'PUT', body: { enabled: true }, token: admin });
    expect((await app.request('/api/plugins')).body.map((p: { id: string }) => p.id)).toContain('help');
    const guide = await app.request('/api/help/runtimeguide');
    expect(guide.status).toBe(200);
    expect(guide.body.rows[0]).toEqual({ hrus: 2500, times: ['8m', '9m', '11m', '13m'] });
  });

  it('keeps an administrator choice across restarts (re-sync)', async () => {
    await app.request('/api/admin/plugins/help', { method: 'PUT', body: { enabled: false }, token: admin });
    await app.deps.db.transaction((trx) => syncWorkspacePlugins(app.deps.workspacePlugins, trx));
    expect((await app.request('/api/plugins')).body.map((p: { id: string }) => p.id)).not.toContain('help');
    await app.request('/api/admin/plugins/help', { method: 'PUT', body: { enabled: true }, token: admin });
  });

  it('validates toggle bodies and unknown ids', async () => {
    const bad = await app.request('/api/admin/plugins/help', { method: 'PUT', body: { enabled: 'yes' }, token: admin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['enabled']);
    expect((await app.request('/api/admin/plugins/nope', { method: 'PUT', body: { enabled: true }, token: admin })).status).toBe(404);
  });

  it('makes the site-setting flags the flags of the plugins that declare them', async () => {
    const listed = async () => (await app.request('/api/plugins')).body.map((p: { id: string }) => p.id);
    const flags = async () => (await app.request('/api/admin/websitesettings', { token: admin })).body;
    const off = await app.request('/api/admin/websitesettings', { body: { includeFfa: false }, token: admin });
    expect(off.status).toBe(200);
    expect((await flags()).includeFfa).toBe(false);
    expect(await listed()).not.toContain('ffa');
    const saved = await app.request('/api/admin/websitesettings', { body: { includeFfa: true, enableAlertNotification: true, alertNotification: 'Maintenance at noon' }, token: admin });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ includeFfa: true, enableAlertNotification: true });
    expect(await listed()).toContain('ffa');
    // Disabling the plugin on the Plugins page turns the site setting off: one source of truth.
    await app.request('/api/admin/plugins/ffa', { method: 'PUT', body: { enabled: false }, token: admin });
    expect((await flags()).includeFfa).toBe(false);
    await app.request('/api/admin/plugins/ffa', { method: 'PUT', body: { enabled: true }, token: admin });
    expect((await flags()).includeFfa).toBe(true);
    expect((await app.request('/api/datasets/websitetext')).body.siteSettings.alertNotification).toBe('Maintenance at noon');
  });

  it('validates website settings', async () => {
    const res = await app.request('/api/admin/websitesettings', { body: { customMapZoom: 99, includeFfa: 'on' }, token: admin });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['customMapZoom', 'includeFfa']);
  });
});

describe('external remotes', () => {
  const headwater = { id: 'ext-tool', kind: 'page', title: 'External tool', version: '2.0.0', sdk: '^1', routes: [{ name: 'ExtTool', path: '/ext', access: 'user', title: 'External tool' }], nav: [] };

  it('registers a reachable remote that exposes ./plugin with a compatible SDK', async () => {
    served['/ext/mf-manifest.json'] = { id: 'hw_ext_tool', name: 'hw_ext_tool', exposes: [{ id: 'hw_ext_tool:plugin', name: 'plugin', path: './plugin' }], shared: [] };
    served['/ext/headwater.json'] = headwater;
    const res = await app.request('/api/admin/plugins', { body: { manifestUrl: `${remoteUrl}/ext/mf-manifest.json` }, token: admin });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: 'ext-tool', entry: `${remoteUrl}/ext/mf-manifest.json`, remote: 'hw_ext_tool' });
    expect((await app.request('/api/plugins')).body.map((p: { id: string }) => p.id)).toContain('ext-tool');
    expect((await app.request('/api/admin/plugins/ext-tool', { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('refuses unreachable, non-exposing, incompatible and colliding remotes', async () => {
    const post = (manifestUrl: string) => app.request('/api/admin/plugins', { body: { manifestUrl }, token: admin });
    expect((await post('not a url')).body.errors.manifestUrl[0]).toMatch(/full http/);
    expect((await post(`${remoteUrl}/missing/mf-manifest.json`)).body.errors.manifestUrl[0]).toMatch(/answered 404/);
    expect((await post('http://127.0.0.1:1/mf-manifest.json')).body.errors.manifestUrl[0]).toMatch(/could not be reached/);

    served['/noexpose/mf-manifest.json'] = { exposes: [{ path: './other' }] };
    expect((await post(`${remoteUrl}/noexpose/mf-manifest.json`)).body.errors.manifestUrl).toEqual(['The remote does not expose ./plugin.']);

    served['/old/mf-manifest.json'] = { exposes: [{ path: './plugin' }] };
    served['/old/headwater.json'] = { ...headwater, id: 'old-tool', sdk: '^0' };
    expect((await post(`${remoteUrl}/old/mf-manifest.json`)).body.errors.manifestUrl[0]).toMatch(/not compatible with SDK 1/);

    served['/clash/mf-manifest.json'] = { exposes: [{ path: './plugin' }] };
    served['/clash/headwater.json'] = { ...headwater, id: 'help' };
    expect((await post(`${remoteUrl}/clash/mf-manifest.json`)).body.errors.manifestUrl[0]).toMatch(/built-in plugin already uses the id 'help'/);
    expect((await app.request('/api/admin/plugins/help', { method: 'DELETE', token: admin })).status).toBe(400);
  });

  it('checks headwater.json against the manifest schema and refuses routes another plugin declares', async () => {
    const post = (manifestUrl: string) => app.request('/api/admin/plugins', { body: { manifestUrl }, token: admin });
    served['/odd/mf-manifest.json'] = { exposes: [{ path: './plugin' }] };
    served['/odd/headwater.json'] = { ...headwater, id: 'odd-tool', colour: 'red', nav: [{ menu: 'header', label: 'Odd', route: 'Nowhere' }] };
    const odd = await post(`${remoteUrl}/odd/mf-manifest.json`);
    expect(odd.status).toBe(400);
    expect(odd.body.errors.manifestUrl).toEqual(["the manifest: unknown key 'colour'."]);
    served['/taken/mf-manifest.json'] = { exposes: [{ path: './plugin' }] };
    served['/taken/headwater.json'] = { ...headwater, id: 'taken-tool', routes: [{ name: 'Help', path: '/elsewhere', title: 'Help' }] };
    expect((await post(`${remoteUrl}/taken/mf-manifest.json`)).body.errors.manifestUrl).toEqual(["route name 'Help' is declared by both 'help' and 'taken-tool'."]);
    expect((await app.request('/api/plugins')).body.map((p: { id: string }) => p.id)).not.toContain('taken-tool');
  });
});

describe('plugin settings', () => {
  it('keeps secret settings on the server: stored, merged, removed with null, never listed', async () => {
    const put = (body: object) => app.request('/api/admin/plugins/help', { method: 'PUT', body, token: admin });
    expect((await put({ settings: { tiles: 'osm' }, secretSettings: { apiKey: 's3cret', other: 'x' } })).status).toBe(200);
    expect((await put({ secretSettings: { other: null } })).status).toBe(200);
    const row = await PluginRecord.query().findById('help');
    expect(row!.secretSettings).toEqual({ apiKey: 's3cret' });
    expect(row!.settings).toMatchObject({ tiles: 'osm' });
    for (const res of [await app.request('/api/admin/plugins', { token: admin }), await app.request('/api/plugins')]) {
      const help = res.body.find((p: { id: string }) => p.id === 'help');
      expect(help.settings).toMatchObject({ tiles: 'osm' });
      expect(JSON.stringify(res.body)).not.toContain('s3cret');
    }
  });
});

describe('the core plugin', () => {
  it('cannot be disabled: it is where plugins are enabled', async () => {
    const res = await app.request('/api/admin/plugins/admin', { method: 'PUT', body: { enabled: false }, token: admin });
    expect(res.status).toBe(400);
    expect(res.body.errors.enabled).toEqual(['This plugin administers the others and cannot be disabled.']);
    expect((await app.request('/api/plugins', { token: admin })).body.map((p: { id: string }) => p.id)).toContain('admin');
  });
});

describe('static files', () => {
  it('serves the plugin remote files and refuses path traversal', async () => {
    const ok = await fetch(`${app.url}/plugins/help/headwater.json`);
    if (ok.status === 200) expect(((await ok.json()) as { id: string }).id).toBe('help');
    const evil = await fetch(`${app.url}/plugins/help/..%2F..%2Fpackage.json`);
    expect(evil.status).toBe(404);
  });
});
