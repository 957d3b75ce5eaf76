// A team outside this repository (issue 12, 'Teams outside the repository'): the template in
// e2e/external-plugin/ is copied to a folder outside the workspace, depends on the SDK as a
// package (the tarball `pnpm pack` makes of plugin-sdk/), installs offline from the pnpm store
// the workspace install filled, builds with the SDK's own rspack factory, and is served from
// another origin. An administrator registers it by its manifest URL on the Plugins page; its page
// then renders in the shell with the host's session, API client and router (shared singletons).
import { spawnSync } from 'node:child_process';
import { cpSync, createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, extname, join, normalize, sep } from 'node:path';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { api, apiToken, loginFromHeader } from './fixtures.ts';

const root = join(import.meta.dirname, '..', '..');
const template = join(root, 'e2e', 'external-plugin');
const PLUGIN_ID = 'greeting';

// The commands run as a team's would: this Node first on PATH, pnpm from PATH (the repository's
// .tools copy as a fallback), nothing inherited from `npm test`'s own npm_* settings.
const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE_ENV'));
env.PATH = [dirname(process.execPath), process.env.PATH ?? '', join(root, '.tools', 'pnpm', 'node_modules', '.bin')].join(delimiter);

function run(args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}): string {
  const r = spawnSync('pnpm', args, { cwd, env: { ...env, ...extra }, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) {
    // An offline resolution reads pnpm's metadata cache, which the workspace's own (online, frozen)
    // install fills for every package of the lockfile.
    const hint = /NO_OFFLINE_META/.test(r.stdout + r.stderr) ? '\nThe pnpm metadata cache lacks a package: run `pnpm install --frozen-lockfile` in the workspace once, online.' : '';
    throw new Error(`pnpm ${args.join(' ')} (in ${cwd}) failed: ${r.error?.message ?? ''}\n${r.stdout}\n${r.stderr}${hint}`);
  }
  return r.stdout.trim();
}

/** An offline install finds only what the workspace install put in the store: the template must
 * pin the workspace's versions. Says which one drifted instead of pnpm's ERR_PNPM_NO_OFFLINE_META. */
function checkPinnedToWorkspace(pkg: { dependencies: Record<string, string>; devDependencies: Record<string, string> }): void {
  const workspace: Record<string, string> = {};
  for (const file of ['package.json', 'plugin-sdk/package.json']) {
    const p = JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, Record<string, string> | undefined>;
    Object.assign(workspace, p.peerDependencies, p.dependencies, p.devDependencies);
  }
  const drift = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter(([name, version]) => name !== '@headwater/plugin-sdk' && workspace[name] !== version)
    .map(([name, version]) => `${name}@${version} (workspace: ${workspace[name] ?? 'none'})`);
  if (drift.length) throw new Error(`e2e/external-plugin/package.json must pin the workspace's versions for an offline install: ${drift.join(', ')}`);
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };

/** dist/ under /team/greeting/ on another origin, as any static host would serve it. */
function serveStatic(dir: string, base: string): Server {
  return createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, path.slice(base.length)));
    if (!path.startsWith(base) || !file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end();
    res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    createReadStream(file).pipe(res);
  });
}

let work = '';
let server: Server | undefined;
let manifestUrl = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const started = performance.now();
  const lap = (what: string, since: number) => process.stdout.write(`  external plugin: ${what} ${((performance.now() - since) / 1000).toFixed(1)} s\n`);
  work = mkdtempSync(join(tmpdir(), 'hw-external-plugin-'));
  const pluginDir = join(work, 'greeting');
  // Only the sources: never a node_modules, dist, lockfile or tarball left by a local try of the template.
  cpSync(template, pluginDir, { recursive: true, filter: (src) => !/[\\/](node_modules|dist|pnpm-lock\.yaml|[^\\/]+\.tgz)$/.test(src) });
  const pkg = JSON.parse(readFileSync(join(pluginDir, 'package.json'), 'utf8'));
  checkPinnedToWorkspace(pkg);

  // The SDK as a package: the tarball a team receives, under the name the template depends on.
  let t = performance.now();
  run(['pack', '--pack-destination', work], join(root, 'plugin-sdk'));
  const tarball = readdirSync(work).find((f) => /^headwater-plugin-sdk-.*\.tgz$/.test(f));
  if (!tarball) throw new Error(`pnpm pack wrote no tarball in ${work}`);
  renameSync(join(work, tarball), join(pluginDir, pkg.dependencies['@headwater/plugin-sdk'].replace(/^file:/, '')));
  lap('pack', t);

  // Offline, from the store the workspace install filled (never the registry).
  t = performance.now();
  const store = run(['store', 'path'], root);
  run(['install', '--offline', '--store-dir', store, '--reporter=append-only'], pluginDir);
  lap('install --offline', t);

  t = performance.now();
  run(['run', 'build'], pluginDir, { NODE_ENV: 'production' });
  lap('build', t);
  const dist = join(pluginDir, 'dist');
  expect(JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')).metaData.publicPath).toBe('auto');

  const base = `/team/${PLUGIN_ID}/`;
  server = serveStatic(dist, base);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  manifestUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${base}mf-manifest.json`;
  lap('prepared in', started);
});

test.afterAll(async () => {
  await api(baseURL, await apiToken(baseURL), `admin/plugins/${PLUGIN_ID}`, { method: 'DELETE' });
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((r) => server!.close(() => r()));
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a plugin built outside the repository against the packed SDK registers by its manifest URL and renders in the shell', async ({ page }) => {
  const site = (await api(baseURL, await apiToken(baseURL), 'datasets/websitetext')).body as { siteText: { siteName: string } };

  await page.goto('/');
  await loginFromHeader(page);
  // the lock leads to the admin dashboard (and opens its menu); the side menu lists the pages
  await page.getByTestId('nav-admin').click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.keyboard.press('Escape');
  await page.getByTestId('admin-menu').getByRole('link', { name: 'Plugins', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/plugins$/);
  await page.getByLabel('Manifest URL').fill(manifestUrl);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Greeting registered.')).toBeVisible();
  await expect(page.getByTestId(`plugin-row-${PLUGIN_ID}`)).toContainText('external');

  // Its nav entry, its page: the host's session (the user's name) and API client (the site name).
  await page.getByTestId('nav-greeting').click();
  await expect(page).toHaveURL(/\/greeting$/);
  await expect(page.getByRole('heading', { name: 'Greeting' })).toBeVisible();
  await expect(page.getByTestId('greeting-user')).toHaveText('Hello, admin!');
  await expect(page.getByTestId('greeting-site')).toHaveText(`Welcome to ${site.siteText.siteName}.`);
  // A link by route name to a workspace page, followed by the host's router.
  await page.getByTestId('greeting-projects').click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByTestId('menu-account')).toHaveText('admin');
});
