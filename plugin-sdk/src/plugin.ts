// definePlugin: what a plugin's `./plugin` module exports. The pages are declared once, in the
// package.json `headwater` block (so the shell and the server know them before the remote
// loads); the remote binds a component to each declared route NAME:
//
//   import pkg from '../package.json' with { type: 'json' };
//   export default definePlugin(pkg, { pages: { ProjectView: ProjectViewPage, ... } });
import type { ComponentType } from 'react';
import { expandManifest, mainRouteName, type ManifestSource, type PluginManifest, type RouteParams } from './manifest.ts';

export type PageProps = { params: RouteParams; path: string };

export type PluginPages = Record<string, ComponentType<PageProps>>;

export type PluginDefinition = {
  id: string;
  manifest: PluginManifest;
  /** Page component per route name of the manifest (`Help`, `HelpLandUse`, ...). */
  pages: PluginPages;
};

/** A package.json imported as JSON (its strings are not narrowed: checked here). */
export type PackageJson = { version?: string; headwater?: unknown };

/** The manifest of a package.json, spelled out (editor and output main pages included). */
export function manifestOf(pkg: PackageJson): PluginManifest {
  const source = pkg.headwater as ManifestSource | undefined;
  if (!source?.id) throw new Error('definePlugin: package.json has no headwater block with an id');
  return expandManifest(source, pkg.version);
}

/** `pages` by route name; an output tool or editor binds its implied main page with `main`:
 * `definePlugin(pkg, { main: ChartsPage })`. */
export function definePlugin(pkg: PackageJson, def: { pages?: PluginPages; main?: ComponentType<PageProps> }): PluginDefinition {
  const manifest = manifestOf(pkg);
  const main = mainRouteName(manifest.kind, manifest.id);
  if (def.main && !main) throw new Error(`definePlugin(${manifest.id}): only an editor or an output tool has a main page`);
  const pages: PluginPages = { ...def.pages, ...(def.main && main ? { [main]: def.main } : {}) };
  const declared = new Set(manifest.routes.map((r) => r.name));
  const problems = [
    ...manifest.routes.filter((r) => !pages[r.name]).map((r) => `no page for route ${r.name} (${r.path})`),
    ...Object.keys(pages)
      .filter((n) => !declared.has(n))
      .map((n) => `page ${n} names no route of package.json`),
  ];
  if (problems.length) throw new Error(`definePlugin(${manifest.id}): ${problems.join('; ')}`);
  return { id: manifest.id, manifest, pages };
}
