// Route references: how one page links to another without writing its path. A reference is a
// route NAME with its parameters typed; it resolves against the enabled plugins (GET plugins),
// so a link to a page whose plugin is disabled or absent resolves to nothing and is not drawn
// (Backstage's optional external route refs). Paths are written only in the manifests.
import { routeParamNames, type NavEntry, type PluginListing, type PluginRoute } from './manifest.ts';

/** The origin's root: where the shell sends any path no enabled plugin declares (spec 1 §2),
 * and where a page goes when the page it would go to is not there. */
export const SITE_ROOT = '/';

/** A reference to the route named `name`, whose path takes the parameters `P`. */
export type RouteRef<P extends string = never> = { readonly name: string; readonly _params?: P };

export function routeRef<P extends string = never>(name: string): RouteRef<P> {
  return { name };
}

export type ParamValue = string | number;
export type Query = Record<string, ParamValue | undefined>;

/** A resolved reference: builds the concrete path (and query) of the page. */
export type RouteLinker<P extends string> = [P] extends [never] ? (params?: Record<string, never>, query?: Query) => string : (params: Record<P, ParamValue>, query?: Query) => string;

/** The site's pages, by their route names (spec names where the spec has one). The plugin that
 * declares a name decides its path; a name no enabled plugin declares resolves to nothing. */
export const ROUTES = {
  Home: routeRef('Home'),
  Help: routeRef('Help'),
  HelpLandUse: routeRef('HelpLandUse'),
  AccountProfile: routeRef('AccountProfile'),
  AccountRegister: routeRef('AccountRegister'),
  ProjectList: routeRef('ProjectList'),
  ProjectCreate: routeRef('ProjectCreate'),
  ProjectView: routeRef<'id'>('ProjectView'),
  ProjectHrus: routeRef<'id'>('ProjectHrus'),
  ProjectDocuments: routeRef<'id'>('ProjectDocuments'),
  ProjectMetadata: routeRef<'id'>('ProjectMetadata'),
  ProjectDownloads: routeRef<'id'>('ProjectDownloads'),
  ProjectErrorReports: routeRef<'id'>('ProjectErrorReports'),
  ProjectErrorReportCreate: routeRef<'id'>('ProjectErrorReportCreate'),
  ProjectErrorReport: routeRef<'id' | 'reportID'>('ProjectErrorReport'),
  HruTable: routeRef<'id'>('HruTable'),
  ScenarioList: routeRef<'id'>('ScenarioList'),
  ScenarioCreate: routeRef<'id'>('ScenarioCreate'),
  ScenarioView: routeRef<'id' | 'scenarioID'>('ScenarioView'),
  SwatCheckOutput: routeRef<'id' | 'scenarioID'>('SwatCheckOutput'),
  CeQualOutput: routeRef<'id' | 'scenarioID'>('CeQualOutput'),
  FfaOutput: routeRef<'id' | 'scenarioID'>('FfaOutput'),
  FfaResult: routeRef<'id' | 'scenarioID' | 'requestID'>('FfaResult'),
  BaseflowOutput: routeRef<'id' | 'scenarioID'>('BaseflowOutput'),
  BaseflowResult: routeRef<'id' | 'scenarioID' | 'requestID'>('BaseflowResult'),
  CalibrationRunsOutput: routeRef<'id' | 'scenarioID'>('CalibrationRunsOutput'),
  CalibrationRunResult: routeRef<'id' | 'scenarioID' | 'requestID'>('CalibrationRunResult'),
  GroupList: routeRef('GroupList'),
  GroupInvites: routeRef('GroupInvites'),
  GroupCreate: routeRef('GroupCreate'),
  GroupView: routeRef<'id'>('GroupView'),
  FeedbackList: routeRef('FeedbackList'),
  FeedbackCreate: routeRef('FeedbackCreate'),
  FeedbackReport: routeRef<'reportID'>('FeedbackReport'),
  DatasetList: routeRef('DatasetList'),
  DatasetCreate: routeRef('DatasetCreate'),
  DatasetView: routeRef<'id'>('DatasetView'),
  AdminDashboard: routeRef('AdminDashboard'),
  AdminPendingUsers: routeRef('AdminPendingUsers'),
  AdminPlugins: routeRef('AdminPlugins'),
  AdminUsers: routeRef('AdminUsers'),
  AdminUserCreate: routeRef('AdminUserCreate'),
  AdminUser: routeRef<'id'>('AdminUser'),
  AdminTiers: routeRef('AdminTiers'),
  AdminTierCreate: routeRef('AdminTierCreate'),
  AdminTier: routeRef<'id'>('AdminTier'),
  AdminGroups: routeRef('AdminGroups'),
  AdminGroup: routeRef<'id'>('AdminGroup'),
  AdminDatabase: routeRef('AdminDatabase'),
  AdminUserCategories: routeRef('AdminUserCategories'),
  AdminEmail: routeRef('AdminEmail'),
  AdminErrors: routeRef('AdminErrors'),
  AdminErrorReport: routeRef<'id'>('AdminErrorReport'),
  AdminReports: routeRef('AdminReports'),
  AdminProjects: routeRef('AdminProjects'),
  AdminScenarios: routeRef('AdminScenarios'),
  AdminWeatherList: routeRef('AdminWeatherList'),
  AdminWeatherCreate: routeRef('AdminWeatherCreate'),
  AdminWeather: routeRef<'id'>('AdminWeather'),
  AdminSwatVersions: routeRef('AdminSwatVersions'),
  AdminSwatVersionCreate: routeRef('AdminSwatVersionCreate'),
  AdminSwatVersion: routeRef<'id'>('AdminSwatVersion'),
  AdminWebsiteText: routeRef('AdminWebsiteText'),
  AdminWebsiteTextPage: routeRef<'name'>('AdminWebsiteTextPage'),
  AdminWebsiteSettings: routeRef('AdminWebsiteSettings'),
  AdminJobs: routeRef('AdminJobs'),
  AdminSpecialJobs: routeRef('AdminSpecialJobs'),
  AdminDatasets: routeRef('AdminDatasets'),
  AdminDataset: routeRef<'id'>('AdminDataset'),
  AdminImportHuc2: routeRef('AdminImportHuc2'),
  MigrationCheck: routeRef('MigrationCheck'),
  ApiDashboard: routeRef('ApiDashboard'),
  BatchList: routeRef('BatchList'),
  BatchCreate: routeRef('BatchCreate'),
  BatchView: routeRef<'id'>('BatchView'),
  RegionalCreate: routeRef('RegionalCreate'),
  MigrationVerify: routeRef<'code'>('MigrationVerify'),
} as const;

/** The declared route a name refers to, among the enabled plugins. */
export function findRoute(plugins: PluginListing[] | undefined, name: string): PluginRoute | undefined {
  for (const p of plugins ?? []) {
    const r = p.routes.find((x) => x.name === name);
    if (r) return r;
  }
  return undefined;
}

/** The concrete path of a route pattern: parameters filled (encoded), query appended. */
export function buildPath(pattern: string, params: Record<string, ParamValue> = {}, query?: Query): string {
  const path = pattern.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === '') throw new Error(`route ${pattern}: parameter '${name}' is missing`);
    return encodeURIComponent(String(v));
  });
  const q = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== '');
  return q.length ? `${path}?${new URLSearchParams(q.map(([k, v]) => [k, String(v)])).toString()}` : path;
}

/** Resolves a reference against the enabled plugins: a path builder, or undefined when no
 * enabled plugin declares the route (then the link is not drawn). */
export function resolveRouteRef<P extends string>(plugins: PluginListing[] | undefined, ref: RouteRef<P>): RouteLinker<P> | undefined {
  const route = findRoute(plugins, ref.name);
  if (!route) return undefined;
  return ((params?: Record<string, ParamValue>, query?: Query) => buildPath(route.path, params, query)) as RouteLinker<P>;
}

/** The link of a menu entry: its route's path with the page's parameters (a scenario view fills
 * `id` and `scenarioID` into an editor's entry) and the entry's query. */
export function navHref(plugin: Pick<PluginListing, 'routes'>, entry: NavEntry, params: Record<string, ParamValue> = {}): string | undefined {
  const route = plugin.routes.find((r) => r.name === entry.route);
  if (!route || routeParamNames(route.path).some((p) => params[p] === undefined)) return undefined;
  return buildPath(route.path, params, entry.query);
}
