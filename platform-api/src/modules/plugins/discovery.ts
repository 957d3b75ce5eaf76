// Workspace plugins register themselves through the `headwater` block of their package.json,
// checked against the manifest schema (plugin-sdk/manifest.schema.json) and spelled out.
// Discovery reads plugins/* and editors/*; the build output (dist/) is served at /plugins/{id}/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginServer } from '@headwater/plugin-sdk/server';
import { loadManifest, registryProblems, type PluginManifest } from './manifest.ts';

export type WorkspacePlugin = { manifest: PluginManifest; dir: string; distDir: string; serverEntry?: string };

export function discoverWorkspacePlugins(repoRoot: string): WorkspacePlugin[] {
  const found: WorkspacePlugin[] = [];
  for (const parent of ['plugins', 'editors']) {
    const base = join(repoRoot, parent);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const pkgPath = join(base, name, 'package.json');
      if (!existsSync(pkgPath)) continue;
      const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version?: string; headwater?: unknown };
      if (!pkg.headwater) continue;
      const manifest = loadManifest(pkg, pkgPath);
      const dir = join(base, name);
      const serverEntry = ['server/index.ts', 'server/index.js'].map((f) => join(dir, f)).find((f) => existsSync(f));
      found.push({ manifest, dir, distDir: join(dir, 'dist'), serverEntry });
    }
  }
  const ids = new Set<string>();
  for (const p of found) {
    if (ids.has(p.manifest.id)) throw new Error(`two workspace plugins use the id '${p.manifest.id}'`);
    ids.add(p.manifest.id);
  }
  const problems = registryProblems(found.map((p) => p.manifest));
  if (problems.length) throw new Error(`workspace plugins disagree: ${problems.join(' ')}`);
  return found;
}

export async function loadPluginServers(plugins: WorkspacePlugin[]): Promise<PluginServer[]> {
  const servers: PluginServer[] = [];
  for (const p of plugins) {
    if (!p.serverEntry) continue;
    const mod = (await import(pathToFileURL(p.serverEntry).href)) as { default: PluginServer };
    if (mod.default?.id !== p.manifest.id) throw new Error(`${p.serverEntry}: default export must be definePluginServer({ id: '${p.manifest.id}' })`);
    servers.push(mod.default);
  }
  return servers;
}
