// The plugin contract shared by the shell, every plugin and platform-api. Pure TypeScript:
// no React here, so the server validates manifests with the same code.

/** The SDK's own version; a plugin declares the range it was built for (`sdk` in its manifest). */
export const SDK_VERSION = '1.0.0';

export const ROLES = ['Pending', 'Registered', 'Admin', 'PartialAdmin', 'ApiUser'] as const;
export type Role = (typeof ROLES)[number];

export type PluginKind = 'page' | 'editor' | 'output';

/** Who may open a route: everyone, any signed-in approved user, admins, or full admins. */
export type Access = 'public' | 'user' | 'admin' | 'fullAdmin';

export type PluginRoute = {
  /** Spec route path, absolute, e.g. `/help` or `/help/landuse`. Parameters as `:id`. */
  path: string;
  /** Spec route name where it has one (AccountProfile, ProjectView, ...). */
  name?: string;
  title?: string;
  access?: Access;
};

/** Where a nav entry shows: the header's menus, the scenario view's lists, the admin area. */
export type NavMenu = 'header' | 'projects' | 'advanced' | 'account' | 'admin' | 'scenario-editors' | 'scenario-outputs';

export type NavEntry = {
  menu: NavMenu;
  label: string;
  path: string;
  /** Show only to users holding one of these roles (empty: everyone who can see the menu). */
  roles?: Role[];
  feature?: string;
  order?: number;
};

export type PluginManifest = {
  id: string;
  kind: PluginKind;
  title: string;
  description?: string;
  version: string;
  /** SDK major the plugin was built against, e.g. `^1`. */
  sdk: string;
  /** Site-setting name that is this plugin's feature flag (includeCeQual, includeFfa, ...). */
  flag?: string;
  defaultEnabled?: boolean;
  /** Only these roles see the plugin at all (empty: everyone). */
  roles?: Role[];
  routes: PluginRoute[];
  nav: NavEntry[];
  /** Editors: the modification table the editor writes (Bsn, Cn2Percent, ...). */
  modTable?: string;
  order?: number;
};

/** What GET /api/plugins returns for each enabled, visible plugin. */
export type PluginListing = Pick<PluginManifest, 'id' | 'kind' | 'title' | 'routes' | 'nav' | 'modTable' | 'order'> & {
  /** URL of the remote's mf-manifest.json. */
  entry: string;
  version: string;
  /** Remote container name (the federation `name`). */
  remote: string;
  settings: Record<string, unknown>;
};

const ID = /^[a-z][a-z0-9-]{1,40}$/;

/** Validates a manifest; returns a list of problems (empty when valid). */
export function validateManifest(m: unknown): string[] {
  const errors: string[] = [];
  if (!m || typeof m !== 'object') return ['The manifest must be an object.'];
  const o = m as Record<string, unknown>;
  if (typeof o.id !== 'string' || !ID.test(o.id)) errors.push('id must be lower-case letters, digits and dashes.');
  if (!['page', 'editor', 'output'].includes(o.kind as string)) errors.push('kind must be page, editor or output.');
  if (typeof o.title !== 'string' || !o.title.trim()) errors.push('title is required.');
  if (typeof o.version !== 'string') errors.push('version is required.');
  if (typeof o.sdk !== 'string' || !sdkCompatible(o.sdk)) errors.push(`sdk '${String(o.sdk)}' is not compatible with SDK ${SDK_VERSION}.`);
  if (!Array.isArray(o.routes)) errors.push('routes must be a list.');
  else
    for (const r of o.routes as PluginRoute[]) {
      if (!r || typeof r.path !== 'string' || !r.path.startsWith('/')) errors.push('every route needs an absolute path.');
      else if (r.access && !['public', 'user', 'admin', 'fullAdmin'].includes(r.access)) errors.push(`route ${r.path}: bad access.`);
    }
  if (!Array.isArray(o.nav)) errors.push('nav must be a list.');
  else
    for (const n of o.nav as NavEntry[]) {
      if (!n || typeof n.label !== 'string' || typeof n.path !== 'string') errors.push('every nav entry needs a label and a path.');
    }
  if (o.kind === 'editor' && typeof o.modTable !== 'string') errors.push('an editor needs modTable.');
  return errors;
}

/** `^1`, `1`, `1.x`, `>=1 <2` style ranges: compatible when the major matches ours. */
export function sdkCompatible(range: string): boolean {
  const major = Number(SDK_VERSION.split('.')[0]);
  const m = /(\d+)/.exec(range);
  return !!m && Number(m[1]) === major;
}

/** The federation container name for a plugin id (`ce-qual` → `hw_ce_qual`). */
export function remoteName(id: string): string {
  return `hw_${id.replace(/-/g, '_')}`;
}

export type RouteParams = Record<string, string>;

/** Matches a concrete path against a route pattern (`/projects/:id`). */
export function matchRoute(pattern: string, path: string): RouteParams | undefined {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  if (a.length !== b.length) return undefined;
  const params: RouteParams = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.startsWith(':')) params[a[i]!.slice(1)] = decodeURIComponent(b[i]!);
    else if (a[i] !== b[i]) return undefined;
  }
  return params;
}
