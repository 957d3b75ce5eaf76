import { describe, expect, it } from 'vitest';
import { expandManifest, matchRoute, registryProblems, remoteName, sdkCompatible, type ManifestSource, type PluginRoute } from '../src/manifest.ts';
import { validateManifest } from '../src/manifest-schema.ts';
import { ROUTES, buildPath, navHref, resolveRouteRef } from '../src/routes.ts';
import { parseErrorBody } from '../src/api/client.ts';
import { formatElapsed } from '../src/ui/ProgressView.tsx';
import { formatCell, formatLimit } from '../src/ui/format.ts';
import { gridQuery } from '../src/ui/DataGrid.tsx';

describe('error parsing (spec 1 §8)', () => {
  it('shows every message of an errors map', () => {
    expect(parseErrorBody({ errors: { name: ['Required'], email: ['Please enter a valid email address', 'Email addresses must match'] } })).toEqual({
      messages: ['Required', 'Please enter a valid email address', 'Email addresses must match'],
      fieldErrors: { name: ['Required'], email: ['Please enter a valid email address', 'Email addresses must match'] },
    });
  });
  it('shows a string body as is, and all items of an object of lists', () => {
    expect(parseErrorBody('Please select a group.').messages).toEqual(['Please select a group.']);
    expect(parseErrorBody({ exception: ['Bad CSV', 'No Ending_Subbasin column'] }).messages).toEqual(['Bad CSV', 'No Ending_Subbasin column']);
  });
  it('falls back to the generic message', () => {
    for (const body of [undefined, null, '', 42, [], {}, { errors: {} }]) {
      expect(parseErrorBody(body).messages).toEqual(['There was an error processing your request.']);
    }
  });
});

describe('manifests', () => {
  const ok = { id: 'curve-number', kind: 'editor', title: 'Curve number', sdk: '^1', modTable: 'Cn2Percent' };
  it('accepts a valid manifest, spells out an editor\'s page and names its remote', () => {
    expect(validateManifest(ok)).toEqual([]);
    const m = expandManifest(ok as ManifestSource, '1.0.0');
    expect(m.routes).toEqual([{ name: 'CurveNumberEditor', path: '/projects/:id/scenarios/:scenarioID/curve-number', title: 'Curve number', access: 'user' }]);
    expect(m.nav).toEqual([{ menu: 'scenario-editors', label: 'Curve number', route: 'CurveNumberEditor' }]);
    expect(expandManifest({ id: 'ffa', kind: 'output', title: 'FFA', sdk: '^1', slug: 'flood-frequency' }).routes[0]!.path).toBe('/projects/:id/scenarios/:scenarioID/output/flood-frequency');
    expect(remoteName('curve-number')).toBe('hw_curve_number');
  });
  it('lists every problem of a bad manifest, unknown keys included', () => {
    const problems = validateManifest({ ...ok, id: 'Bad Id', kind: 'widget', colour: 'red', routes: [{ name: 'X1', path: 'relative', title: 'x' }] });
    expect(problems).toEqual(
      expect.arrayContaining([
        'id must match pattern "^[a-z][a-z0-9-]{1,40}$".',
        'kind must be one of page, editor, output.',
        "the manifest: unknown key 'colour'.",
        'routes.0.path must match pattern "^/([A-Za-z0-9_.-]+|:[A-Za-z][A-Za-z0-9]*)?(/([A-Za-z0-9_.-]+|:[A-Za-z][A-Za-z0-9]*))*$".',
      ]),
    );
    expect(validateManifest({ ...ok, modTable: undefined })).toEqual(["the manifest needs 'modTable'."]);
    expect(validateManifest({ ...ok, kind: 'page', routes: [] })).toEqual(['only an editor declares modTable.']);
    expect(validateManifest({ ...ok, sdk: '^2' })).toEqual(["sdk '^2' is not compatible with SDK 1.0.0."]);
  });
  it('refuses menus naming routes the plugin does not declare, and names or paths declared twice', () => {
    const page = { id: 'groups', kind: 'page', title: 'Groups', sdk: '^1', routes: [{ name: 'GroupList', path: '/groups', title: 'Groups' }] };
    expect(validateManifest({ ...page, nav: [{ menu: 'account', label: 'My groups', route: 'Groups' }] })).toEqual(["nav entry 'My groups' names route 'Groups', which this plugin does not declare."]);
    expect(validateManifest({ ...page, routes: [...page.routes, { name: 'GroupList', path: '/groups/x', title: 'x' }] })).toEqual(["route name 'GroupList' is declared twice."]);
    expect(registryProblems([{ id: 'a', routes: page.routes }, { id: 'b', routes: [{ name: 'GroupList', path: '/g', title: 'g' }] }])).toEqual(["route name 'GroupList' is declared by both 'a' and 'b'."]);
  });
  it('checks SDK compatibility by major version', () => {
    expect(sdkCompatible('^1')).toBe(true);
    expect(sdkCompatible('1.x')).toBe(true);
    expect(sdkCompatible('^2')).toBe(false);
    expect(sdkCompatible('latest')).toBe(false);
  });
  it('matches route patterns with parameters', () => {
    expect(matchRoute('/projects/:id/scenarios/:scenarioID', '/projects/12/scenarios/3')).toEqual({ id: '12', scenarioID: '3' });
    expect(matchRoute('/help', '/help/landuse')).toBeUndefined();
    expect(matchRoute('/account/changeemail/:userId/:code/:email', '/account/changeemail/4/abc/a%40b.org')).toEqual({ userId: '4', code: 'abc', email: 'a@b.org' });
  });
});

describe('route references', () => {
  const listing = (id: string, routes: PluginRoute[]) => ({ id, kind: 'page' as const, title: id, routes, nav: [], entry: '', version: '1', remote: '', settings: {} });
  const plugins = [listing('projects', [{ name: 'ProjectView', path: '/projects/:id', title: 'Project' }, { name: 'ProjectList', path: '/projects', title: 'Projects' }])];
  it('resolve to the declaring plugin\'s path, parameters encoded and the query added', () => {
    expect(resolveRouteRef(plugins, ROUTES.ProjectView)!({ id: 7 })).toBe('/projects/7');
    expect(resolveRouteRef(plugins, ROUTES.ProjectView)!({ id: 'a b' })).toBe('/projects/a%20b');
    expect(resolveRouteRef(plugins, ROUTES.ProjectList)!({}, { tab: 'projects', empty: undefined })).toBe('/projects?tab=projects');
  });
  it('resolve to nothing while no enabled plugin declares the route (the link is not drawn)', () => {
    expect(resolveRouteRef(plugins, ROUTES.GroupList)).toBeUndefined();
    expect(resolveRouteRef(undefined, ROUTES.ProjectView)).toBeUndefined();
  });
  it('refuse to build a path with a parameter missing', () => {
    expect(() => buildPath('/projects/:id', {})).toThrow("parameter 'id' is missing");
  });
  it('link menu entries with the page\'s parameters, or not at all when one is missing', () => {
    const editor = expandManifest({ id: 'bsn', kind: 'editor', title: 'Basin', sdk: '^1', modTable: 'Bsn' });
    expect(navHref(editor, editor.nav[0]!, { id: 7, scenarioID: 4 })).toBe('/projects/7/scenarios/4/bsn');
    expect(navHref(editor, editor.nav[0]!, { id: 7 })).toBeUndefined();
  });
});

describe('formatting', () => {
  it('formats elapsed times like the run-time guide', () => {
    expect(formatElapsed(8_000)).toBe('8s');
    expect(formatElapsed(8 * 60_000 + 5_000)).toBe('8m 5s');
    expect(formatElapsed(3_600_000 * 30 + 4 * 60_000)).toBe('1d 6h 4m');
  });
  it('shows non-integer grid numbers with 3 decimals and 0 limits as unlimited', () => {
    expect(formatCell(2.71828)).toBe('2.718');
    expect(formatCell(150000)).toBe('150,000');
    expect(formatCell(true)).toBe('Yes');
    expect(formatLimit(0)).toBe('Unlimited');
    expect(formatLimit(2000)).toBe('2,000');
  });
  it('builds the generic grid query', () => {
    expect(gridQuery('projects', { sort: 'lastModifiedDate_desc', page: 2, perPage: 10, filter: 'little river' })).toBe(
      'projects?sort=lastModifiedDate_desc&page=2&perPage=10&filter=little+river',
    );
    // An export path with its own query keeps it and adds the grid's sort and filter.
    expect(gridQuery('projects?format=csv', { sort: 'name', page: 1, perPage: 0, filter: 'x' })).toBe('projects?format=csv&sort=name&page=1&perPage=0&filter=x');
  });
});
