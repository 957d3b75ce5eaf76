// definePlugin: what a plugin's `./plugin` module exports. Routes and nav entries are declared
// in the package.json `headwater` block (so the shell knows them before loading the remote);
// the remote supplies the page components for those route paths.
import type { ComponentType } from 'react';
import type { RouteParams } from './manifest.ts';

export type PageProps = { params: RouteParams; path: string };

export type PluginDefinition = {
  id: string;
  /** Page component per route path of the manifest (`/help`, `/help/landuse`, ...). */
  pages: Record<string, ComponentType<PageProps>>;
};

export function definePlugin(def: PluginDefinition): PluginDefinition {
  if (!def.id) throw new Error('definePlugin: id is required');
  return def;
}
