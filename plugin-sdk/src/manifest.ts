// The plugin contract shared by the shell, every plugin and platform-api. Pure TypeScript:
// no React and no ajv here (the browser bundle carries this module); the JSON-schema check of
// a manifest is `validateManifest` in `./manifest-schema.ts` (entry `@headwater/plugin-sdk/schema`).
//
// A page is declared ONCE, in the `headwater` block of its plugin's package.json (path, name,
// access, title). Everything else refers to it by its route name: the plugin binds a
// component to the name (`definePlugin`), menus list names (`nav[].route`), and links go
// through route references (`routes.ts`) that resolve against the enabled plugins.

/** The SDK's own version; a plugin declares the range it was built for (`sdk` in its manifest). */
export const SDK_VERSION = '1.0.0';

export const ROLES = ['Pending', 'Registered', 'Admin', 'PartialAdmin', 'ApiUser'] as const;
export type Role = (typeof ROLES)[number];

export type PluginKind = 'page' | 'editor' | 'output';

/** Who may open a route: everyone, any signed-in approved user, admins, or full admins. */
export type Access = 'public' | 'user' | 'admin' | 'fullAdmin';

export type PluginRoute = {
  /** Site-wide unique name (spec names where there is one: ProjectView, AccountProfile...). */
  name: string;
  /** Spec route path, absolute, e.g. `/help` or `/help/landuse`. Parameters as `:id`. */
  path: string;
  title: string;
  access?: Access;
};

/** Where a nav entry shows: the header's menus, the scenario view's lists, the admin area. */
export type NavMenu = 'header' | 'projects' | 'advanced' | 'account' | 'admin' | 'scenario-editors' | 'scenario-outputs';

export type NavEntry = {
  menu: NavMenu;
  label: string;
  /** The name of one of the plugin's own routes. */
  route: string;
  /** Search parameters added to the link (`{ tab: 'projects' }`). */
  query?: Record<string, string>;
  /** Show only to users holding one of these roles (empty: everyone who can see the menu). */
  roles?: Role[];
  feature?: string;
  order?: number;
};

/** The `headwater` block as written in package.json (editors and output tools leave their
 * main page implicit: see `expandManifest`). */
export type ManifestSource = {
  id: string;
  kind: PluginKind;
  title: string;
  description?: string;
  version?: string;
  /** SDK major the plugin was built against, e.g. `^1`. */
  sdk: string;
  /** Site-setting name that is this plugin's feature flag (includeCeQual, includeFfa, ...). */
  flag?: string;
  defaultEnabled?: boolean;
  /** A core plugin (plugin administration) cannot be disabled. */
  core?: boolean;
  /** Only these roles see the plugin at all (empty: everyone). */
  roles?: Role[];
  /** Editors: the modification table the editor writes (Bsn, Cn2Percent, ...). */
  modTable?: string;
  /** Editors and output tools: the page's last path segment (the id by default). */
  slug?: string;
  routes?: PluginRoute[];
  nav?: NavEntry[];
  order?: number;
};

/** A manifest with every route and nav entry spelled out (what the registry stores and lists). */
export type PluginManifest = Omit<ManifestSource, 'routes' | 'nav' | 'version'> & {
  version: string;
  routes: PluginRoute[];
  nav: NavEntry[];
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

/** A package.json as far as the contract reads it. */
export type PluginPackage = { name?: string; version?: string; headwater?: ManifestSource };

// The one declaration of where scenario editors and output tools live: under the scenario
// view's path, the editors directly, the output tools under `output/`.
const SCENARIO_PAGE = '/projects/:id/scenarios/:scenarioID';
const KIND_PAGES: Partial<Record<PluginKind, { base: string; suffix: string; menu: NavMenu }>> = {
  editor: { base: SCENARIO_PAGE, suffix: 'Editor', menu: 'scenario-editors' },
  output: { base: `${SCENARIO_PAGE}/output`, suffix: 'Output', menu: 'scenario-outputs' },
};

const pascal = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The route name of an editor's or output tool's main page (`curve-number` → `CurveNumberEditor`). */
export function mainRouteName(kind: PluginKind, id: string): string | undefined {
  const k = KIND_PAGES[kind];
  return k && pascal(id) + k.suffix;
}

/** Spells out a manifest: an editor's or output tool's main page (route and menu entry) is
 * implied by its kind, id, slug and title. Page plugins are returned as written. */
export function expandManifest(source: ManifestSource, version = source.version ?? '0.0.0'): PluginManifest {
  const routes = [...(source.routes ?? [])];
  const nav = [...(source.nav ?? [])];
  const k = KIND_PAGES[source.kind];
  if (k) {
    const name = mainRouteName(source.kind, source.id)!;
    if (!routes.some((r) => r.name === name)) {
      routes.unshift({ name, path: `${k.base}/${source.slug ?? source.id}`, title: source.title, access: 'user' });
      nav.unshift({ menu: k.menu, label: source.title, route: name, ...(source.order !== undefined ? { order: source.order } : {}) });
    }
  }
  return { ...source, version, routes, nav };
}

/** The rules a JSON schema cannot say: route names unique within the plugin, nav entries
 * naming the plugin's own routes, paths unique. */
export function manifestProblems(m: PluginManifest): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  const paths = new Set<string>();
  for (const r of m.routes) {
    if (names.has(r.name)) problems.push(`route name '${r.name}' is declared twice.`);
    if (paths.has(r.path)) problems.push(`route path '${r.path}' is declared twice.`);
    names.add(r.name);
    paths.add(r.path);
  }
  for (const n of m.nav) if (!names.has(n.route)) problems.push(`nav entry '${n.label}' names route '${n.route}', which this plugin does not declare.`);
  if (!sdkCompatible(m.sdk)) problems.push(`sdk '${m.sdk}' is not compatible with SDK ${SDK_VERSION}.`);
  return problems;
}

/** Problems between plugins: a route name or path may belong to one plugin only. */
export function registryProblems(manifests: Pick<PluginManifest, 'id' | 'routes'>[]): string[] {
  const byName = new Map<string, string>();
  const byPath = new Map<string, string>();
  const problems: string[] = [];
  for (const m of manifests) {
    for (const r of m.routes) {
      const n = byName.get(r.name);
      if (n && n !== m.id) problems.push(`route name '${r.name}' is declared by both '${n}' and '${m.id}'.`);
      const p = byPath.get(r.path);
      if (p && p !== m.id) problems.push(`route path '${r.path}' is declared by both '${p}' and '${m.id}'.`);
      byName.set(r.name, m.id);
      byPath.set(r.path, m.id);
    }
  }
  return problems;
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

/** The parameter names of a route pattern, in order (`/projects/:id/errors/:reportID` → id, reportID). */
export function routeParamNames(pattern: string): string[] {
  return pattern
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1));
}
