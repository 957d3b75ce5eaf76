// The access matrix (issue 17): every id-taking route of the API — ENUMERATED FROM THE ROUTE
// TABLE (the Koa router's stack: every module's calls and every plugin server half's) — called
// by the project's owner, a member of a group it is shared with, an administrator (support), a
// non-member, a removed member and an anonymous caller.
//
//   owner, member, administrator   allowed as PROJECT_PERMISSIONS says: the same answer as the
//                                  owner's (each on a fresh target where the call destroys it);
//                                  403 where the role may not (a member deleting the project)
//   non-member, removed member     404, the very answer a project that does not exist gets
//   anonymous                      401
//
// A route with a path parameter that no rule below classifies fails the test: a new route
// cannot be forgotten. Plus the live-status rooms and the tier rule for runs (the runner's).
import type Router from '@koa/router';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouter } from '../src/app.ts';
import { startProcessing } from '../src/jobs/processors.ts';
import { PROJECT_PERMISSIONS, type ProjectAction, type ProjectRole } from '../src/modules/projects/access.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let app: TestApp;
const PASSWORD = 'Correct-horse-1';
const MISSING = 2_147_480_000;
const sockets: Socket[] = [];

type Caller = 'owner' | 'member' | 'admin' | 'nonMember' | 'removed' | 'anonymous';
const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;

/** The fixture's ids; a route's parameters are filled from these. */
const ids = {
  project: 0,
  scenario: 0,
  mod: 0,
  report: 0,
  ffa: 0,
  baseflow: 0,
  calibration: 0,
  group: 0,
  invite: 0,
  datasetId: 0,
  weatherId: 0,
  versionId: 0,
};

type Ids = typeof ids;

/** Valid selections for the output tools (filled from their options once the scenario ran). */
const selections: { chart?: unknown; map?: unknown } = {};
type Kind = 'project' | 'scenario' | 'mod' | 'request' | 'report' | 'group' | 'invite' | 'share';

/** How a route is tested. `fresh` makes a new target for each caller (calls that destroy it);
 * `settle` waits for what the call started; `ownerMayMiss` says why the owner's 404 is right. */
type Entry = {
  kind: Kind;
  action: ProjectAction | 'group-view' | 'group-manage';
  body?: (i: Ids) => unknown;
  upload?: string;
  fresh?: () => Promise<Partial<Ids> & { fileName?: string }>;
  settle?: (target: Partial<Ids>) => Promise<void>;
  ownerMayMiss?: string;
  params?: Record<string, string | (() => string)>;
};

const call = (token: string | undefined, path: string, init: { method?: string; body?: unknown } = {}) => app.request(`/api/${path}`, { ...init, token });

async function poll<T>(what: string, get: () => Promise<T>, done: (v: T) => boolean, ms = 120_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const project = () => call(tokens.owner, `projects/${ids.project}`).then((r) => r.body);
const scenarioOf = (id: number) => call(tokens.owner, `scenarios/${id}`).then((r) => r.body);
const waitIdle = (id: number) => poll(`scenario ${id}`, () => scenarioOf(id), (b) => !b.status?.isRunning);
const notZipping = () => poll('the zip', project, (b) => !b.status?.isZipping).then(() => undefined);

async function upload(token: string, projectId: number, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array([37, 80, 68, 70, 45, 49, 46, 52, 10])], { type: 'application/pdf' }), name);
  const res = await fetch(`${app.url}/api/projects/documents/${projectId}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.text() };
}

async function customOutput(tool: 'ffa' | 'baseflowseparation', body: unknown): Promise<number> {
  const res = await call(tokens.owner, `scenarios/output/${tool}/${ids.scenario}`, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = res.body.id as number;
  await poll(`${tool} request`, () => call(tokens.owner, `scenarios/output/${tool}/${ids.scenario}`).then((r) => (r.body.requests as { id: number; status: string }[]).find((q) => q.id === id)), (q) => !!q && q.status !== 'running');
  return id;
}

/** A finished calibration request of the scenario (2 DDS runs against gauge J at reach 3). */
async function calibrationRequest(): Promise<number> {
  const page = await call(tokens.owner, `scenarios/output/calibration/${ids.scenario}`);
  const gauge = (page.body.gauges as { id: number; reach: number | null }[]).find((g) => g.reach === 3)!;
  const res = await call(tokens.owner, `scenarios/output/calibration/${ids.scenario}`, {
    body: {
      name: `Matrix ${++copies}`, observed: { gaugeID: gauge.id }, reach: 3,
      calibrationPeriod: { start: '2002-01-01', end: '2002-12-31' }, validationPeriod: null,
      objective: 'NSE', pbiasBound: null, algorithm: 'DDS', runsPerIteration: 2, iterations: 1, seed: 1,
      parameters: [{ variable: 'CN2', file: 'mgt', type: '%', min: -10, max: 10 }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = res.body.id as number;
  await poll('calibration request', () => call(tokens.owner, `scenarios/output/calibration/request/${id}/status`).then((r) => r.body as { status: string }), (q) => !['queued', 'running'].includes(q.status));
  return id;
}

const scenarioForm = (i: Ids, name: string) => ({
  projectID: i.project,
  name,
  weatherDatasetID: i.weatherId,
  swatVersionID: i.versionId,
  printSetting: 1,
  skipYears: 2,
  startingSimulationDate: '2000-01-01',
  endingSimulationDate: '2012-12-31',
});

let copies = 0;
/** A new scenario of the shared project (a copy of the one that ran, with its saved change). */
const freshScenario = async () => ({ scenario: (await call(tokens.owner, `scenarios/copy/${ids.scenario}`, { body: { value: `Fresh ${++copies}` } })).body.id as number });

// ─── the classification of the route table ────────────────────────────────────────────

/** Routes with parameters that are about no project, and why. */
const NOT_PROJECT_ROUTES: [RegExp, string][] = [
  [/^\/api\/admin\//, 'administrators only (requireAdmin / requireFullAdmin), no project'],
  [/^\/api\/account\/notification\/:id$/, "the caller's own notifications (Notification accessibleBy)"],
  [/^\/api\/datasets\//, 'dataset data (public list, outline, site text), no project'],
  [/^\/api\/importdatasets\//, "the caller's own uploaded datasets (DatasetImport accessibleBy: 404 for another user's; groupshare needs membership): datasets-import.test.ts"],
  [/^\/api\/maps\//, 'dataset maps for project creation, no project'],
  [/^\/api\/subbasins\/find\//, 'dataset subbasin search, no project'],
  [/^\/api\/batch\/:id$/, 'the batch view PAGE (the shell for a browser navigation, no data; the data is api-requests/batch/:id)'],
  [/^\/api\/api-requests\//, "the caller's own batch and regional requests (ApiRequest ownedBy: 404 for another user's; feature, role and key checked): batch.test.ts, regional.test.ts"],
];

/** Routes without path parameters that take a project or scenario id in the body. */
const BODY_ROUTES: Record<string, Entry> = {
  'POST /api/scenarios': { kind: 'project', action: 'edit', body: (i) => scenarioForm(i, `Created ${++copies}`) },
  'POST /api/projects/hrus': { kind: 'project', action: 'edit', body: (i) => ({ projectID: i.project, method: 'target', targetThreshold: 40 }) }, // 400 once scenarios exist, after the access check
  'POST /api/errorreports': { kind: 'project', action: 'view', body: (i) => ({ projectID: i.project, scenarioID: i.scenario, title: 'Matrix', userComments: 'Filed by the access matrix.' }) },
};

/** Routes that need more than the defaults (bodies, fresh targets, waiting). */
const SPECIAL: Record<string, Partial<Entry>> = {
  'DELETE /api/projects/:id': { action: 'delete', fresh: async () => ({ project: await freshProject() }) },
  'PUT /api/projects/:id': { body: () => ({ value: 'Shared watershed' }) },
  'POST /api/projects/copy/:id': { action: 'view', body: () => ({ value: 'My copy' }) },
  'POST /api/projects/documents/:id': { upload: 'upload.pdf' },
  'GET /api/projects/documents/:id/:fileName': { action: 'view', params: { fileName: 'a.pdf' } },
  'DELETE /api/projects/documents/:id/:fileName': { fresh: async () => (await upload(tokens.owner, ids.project, 'fresh.pdf'), { fileName: 'fresh.pdf' }) },
  'PUT /api/projects/zip/:id': { body: () => ({ value: false }), settle: notZipping },
  'GET /api/projects/csv/:id/:kind': { params: { kind: 'subbasins' } },
  'GET /api/exports/geojson/:projectID/:layer': { params: { layer: 'subbasins' } },
  'PUT /api/scenarios/:id': { body: (i) => scenarioForm(i, 'Baseline') },
  'DELETE /api/scenarios/:id': { fresh: freshScenario },
  'POST /api/scenarios/run/:id': { action: 'run', body: () => ({ skipModelRun: true }), fresh: freshScenario, settle: async (t) => void (await waitIdle(t.scenario!)) },
  'GET /api/scenarios/abort/:id': { action: 'run' },
  'POST /api/scenarios/copy/:id': { body: () => ({ value: `Copied ${++copies}` }) },
  'POST /api/scenarios/savemods/:id/:modType': { body: () => ({ applyToAll: true, modificationObject: { value: 5 } }) },
  'POST /api/scenarios/subbasin/save/:id/:modType': { body: () => ({ applyToAll: true, modificationObject: { value: 5 } }) },
  'DELETE /api/scenarios/deletemod/:modID': { fresh: async () => ({ mod: (await call(tokens.owner, `scenarios/savemods/${ids.scenario}/Cn2Percent`, { body: { applyToAll: true, modificationObject: { value: 3 } } })).body.id }) },
  'DELETE /api/scenarios/deletemodtype/:id/:type': { fresh: freshScenario },
  'POST /api/hruselection/landuse/:projectID': { body: () => ({ subbasins: [] }) },
  'POST /api/hruselection/soils/:projectID': { body: () => ({ subbasins: [], landuse: [] }) },
  'POST /api/hruselection/slopes/:projectID': { body: () => ({ subbasins: [], landuse: [], soils: [] }) },
  'POST /api/hruselection/matching/:projectID': { body: () => ({ applyToAll: true }) },
  'GET /api/exports/scenario-debug/:id': { ownerMayMiss: 'no run of this scenario failed, so there are no debug files' },
  'GET /api/exports/scenario-editor-tables/:id': { kind: 'scenario', ownerMayMiss: 'no run of this scenario wrote SWAT Editor input tables' },
  'POST /api/scenarios/output/ffa/:scenarioID': { body: () => ({ applyToAll: true, subbasins: [], method: 'b17b' }) },
  'POST /api/scenarios/output/baseflowseparation/:scenarioID': { body: () => ({ applyToAll: true, filterParameter: 0.98, bfiMax: 0.8 }) },
  'POST /api/scenarios/output/cequal/:scenarioID': { body: () => ({ outputType: 'RCH', applyToAll: true }) },
  'DELETE /api/scenarios/output/deletecustomoutputrequest/:requestId': { fresh: async () => ({ ffa: await customOutput('ffa', { applyToAll: true, subbasins: [], method: 'b17b' }) }) },
  // calibration on the workers (issue 24): a finished request; deleting one takes a fresh one
  'GET /api/exports/calibration/:requestId/:file': { params: { file: 'runs.csv' } },
  'DELETE /api/scenarios/output/calibration/request/:requestID': { fresh: async () => ({ calibration: await calibrationRequest() }) },
  'POST /api/scenarios/output/calibration/request/:requestID/scenario': { body: () => ({ name: `Best set ${++copies}` }) },
  'POST /api/scenarios/output/calibration/request/:requestID/option': { body: () => ({ name: `Best set ${++copies}` }) },
  'POST /api/scenarios/general/nutrientefficiency/:scenarioID': { body: () => ({ items: [] }) },
  // calibration (issue 15): ignoring calibration is the call any role that may edit makes
  'POST /api/scenarios/general/calibration/:scenarioID': { body: () => ({ ignoreCalibration: true }) },
  'GET /api/exports/mgtoperations/:scenarioID/:subbasin/:landuse/:soil/:slope': { params: { subbasin: () => hruKey.subbasinName } },
  // point sources and land use updates (issue 16): the samples by kind; the current data exist only after an upload
  'GET /api/exports/pointsourcesample/:scenarioID/:kind': { params: { kind: 'constant' } },
  'GET /api/exports/pointsource/:scenarioID': { ownerMayMiss: 'no point source was uploaded to this scenario' },
  'GET /api/exports/lup/:scenarioID': { ownerMayMiss: 'no land use update was uploaded to this scenario' },
  'PUT /api/scenarios/general/lupiclus/:scenarioID': { body: () => ({ value: false }) },
  'POST /api/scenarios/output/chart/:scenarioID': { body: () => selections.chart },
  'POST /api/scenarios/output/map/:scenarioID': { body: () => selections.map },
  // groups: the project side is in this matrix; the group side (who manages) in groups.test.ts
  'PATCH /api/groups/share/:groupID/:projectID': { kind: 'share', action: 'share' },
  'PATCH /api/groups/unshare/:groupID/:projectID': {
    kind: 'share',
    action: 'share',
    settle: async () => void (await call(tokens.owner, `groups/share/${ids.group}/${ids.project}`, { method: 'PATCH' })),
  },
};

const GROUP_ROUTES: Record<string, Entry> = {
  'GET /api/groups/:id': { kind: 'group', action: 'group-view' },
  'GET /api/groups/projects/:id': { kind: 'group', action: 'group-view' },
  'GET /api/groups/members/:id': { kind: 'group', action: 'group-view' },
  'PUT /api/groups/:id': { kind: 'group', action: 'group-manage', body: () => ({ name: 'Renamed', description: 'By a member' }) },
  'DELETE /api/groups/:id': { kind: 'group', action: 'group-manage' },
  'PUT /api/groups/invite/:id': { kind: 'group', action: 'group-manage', body: () => ({ name: 'someone@example.org', description: '' }) },
  'PATCH /api/groups/removemember/:id': { kind: 'group', action: 'group-manage', body: () => ({ value: 'olga' }) },
  'PATCH /api/groups/setadmin/:id': { kind: 'group', action: 'group-manage', body: () => ({ name: 'max', value: true }) },
  'PATCH /api/groups/accept/:id': { kind: 'invite', action: 'group-manage' },
  'PATCH /api/groups/reject/:id': { kind: 'invite', action: 'group-manage' },
  'DELETE /api/groups/invite/:id': { kind: 'invite', action: 'group-manage' },
};

/** The kind of id a route's parameters name, by rule; undefined when no rule knows it. */
function kindOf(path: string, params: string[]): Kind | undefined {
  if (params.includes('modID')) return 'mod';
  if (params.includes('requestId') || params.includes('requestID')) return 'request';
  if (/^\/api\/errorreports\/:id$/.test(path)) return 'report';
  if (params.includes('projectID') || /^\/api\/(projects|hruselection\/hrus)\/.*:id\b/.test(path)) return 'project';
  if (params.includes('scenarioID') || /^\/api\/(scenarios|exports\/scenario(-debug)?)\/.*:id\b/.test(path)) return 'scenario';
  return undefined;
}

type Planned = { key: string; method: string; path: string; params: string[]; entry: Entry };

function plan(router: Router): { planned: Planned[]; skipped: [string, string][]; unknown: string[] } {
  const planned: Planned[] = [];
  const skipped: [string, string][] = [];
  const unknown: string[] = [];
  for (const layer of router.stack) {
    const params = layer.paramNames.map((p) => String(p.name));
    const path = String(layer.path);
    for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
      const key = `${method} ${path}`;
      if (BODY_ROUTES[key]) {
        planned.push({ key, method, path: path, params, entry: BODY_ROUTES[key]! });
        continue;
      }
      if (!params.length) continue; // takes no id
      const why = NOT_PROJECT_ROUTES.find(([re]) => re.test(path));
      if (why) {
        skipped.push([key, why[1]]);
        continue;
      }
      const group = GROUP_ROUTES[key];
      const special = SPECIAL[key] ?? {};
      const kind = group?.kind ?? special.kind ?? kindOf(path, params);
      if (!kind) {
        unknown.push(key);
        continue;
      }
      const action = special.action ?? group?.action ?? (method === 'GET' ? 'view' : 'edit');
      planned.push({ key, method, path: path, params, entry: { ...group, ...special, kind, action } as Entry });
    }
  }
  return { planned, skipped, unknown };
}

/** One HRU of the project (set once the project is made): the single-HRU editors' key. */
const hruKey = { subbasinName: '', landuse: '', soil: '', slope: '' };

/** Values of the parameters besides the subject's id (a new name needs its value here). */
const SECONDARY: Record<string, string | number | (() => string)> = {
  fileName: 'a.pdf', // a document of the project
  kind: 'subbasins', // a watershed CSV
  layer: 'subbasins', // a GeoJSON layer
  modType: 'Cn2Percent', // a change table
  type: 'Cn2Percent',
  subbasin: 1, // a SWAT subbasin number
  subbasinID: 0,
  file: 'ffa_summary.csv', // a custom output's file
  fertID: 1, // editors' record keys (fertilizer IFNUM, urban land type IUNUM)
  urbanID: 1,
  subbasinName: () => hruKey.subbasinName, // one HRU: .../{subbasinName}/{landuse}/{soil}/{slope}
  landuse: () => hruKey.landuse,
  soil: () => hruKey.soil,
  slope: () => hruKey.slope,
};

/** The parameter that names the route's subject (replaced by a missing id for the comparison). */
function mainParam(p: Planned): string {
  if (p.entry.kind === 'share') return 'projectID';
  const named = ['modID', 'requestId', 'requestID'].find((n) => p.params.includes(n));
  if (named) return named;
  if (p.entry.kind === 'project' && p.params.includes('projectID')) return 'projectID';
  if (p.entry.kind === 'scenario' && p.params.includes('scenarioID')) return 'scenarioID';
  return 'id';
}

/** The route's path with its parameters filled for this caller's target. */
function fill(p: Planned, target: Partial<Ids> & { fileName?: string }, missing: boolean): string {
  const i = { ...ids, ...target };
  const subject: Record<Kind, number> = { project: i.project, scenario: i.scenario, mod: i.mod, request: /calibration/.test(p.path) ? i.calibration : /baseflow/.test(p.path) ? i.baseflow : i.ffa, report: i.report, group: i.group, invite: i.invite, share: i.project };
  const values: Record<string, string | number | (() => string)> = {
    ...SECONDARY,
    scenarioID: i.scenario, // projects/:id/:scenarioID
    groupID: i.group,
    fileName: target.fileName ?? 'a.pdf',
    ...p.entry.params,
  };
  const main = mainParam(p);
  const value = (name: string) => {
    const v = values[name];
    return encodeURIComponent(String(typeof v === 'function' ? v() : (v ?? '')));
  };
  return p.path.replace(/:([A-Za-z]+)/g, (_, name: string) => (name === main ? String(missing ? MISSING : subject[p.entry.kind]) : value(name)));
}

async function send(p: Planned, caller: Caller, target: Partial<Ids> & { fileName?: string } = {}, missing = false) {
  const token = caller === 'anonymous' ? undefined : tokens[caller];
  const path = fill(p, target, missing);
  const body = p.entry.body?.({ ...ids, ...target, ...(missing ? { project: MISSING, scenario: MISSING } : {}) });
  if (p.entry.upload && token && !missing && caller !== 'nonMember' && caller !== 'removed') return upload(token, Number(path.split('/').pop()), p.entry.upload);
  const res = await app.request(path, { method: p.method, token, body: body ?? (p.method === 'GET' || p.method === 'DELETE' ? undefined : {}) });
  return { status: res.status, body: res.body };
}

// ─── the fixture ──────────────────────────────────────────────────────────────────────

async function userWithToken(userName: string): Promise<string> {
  const created = await call(tokens.admin, 'admin/users', {
    body: { firstName: userName, lastName: 'Tester', email: `${userName}@example.org`, userName, password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Lab', reasonForUse: 'Testing' },
  });
  expect(created.status).toBe(201);
  return app.login(userName, PASSWORD);
}

/** A project of the owner's shared with the group (a bare row: enough to be deleted). */
async function freshProject(): Promise<number> {
  const owner = await app.deps.db('users').where('userName', 'olga').first('id');
  const [row] = await app.deps.db('projects').insert({ userId: owner.id, name: 'Fresh', isCreated: true, datasetId: ids.datasetId }).returning('id');
  await app.deps.db('groupProjects').insert({ groupId: ids.group, projectId: row.id, sharedById: owner.id });
  return row.id;
}

let router: Router;

beforeAll(async () => {
  app = await startTestApp();
  app.config.mfaRequired = false;
  startProcessing(app.deps, 1);
  tokens.admin = await app.login();
  tokens.owner = await userWithToken('olga');
  tokens.member = await userWithToken('max');
  tokens.nonMember = await userWithToken('nina');
  tokens.removed = await userWithToken('rex');
  router = apiRouter(app.deps);

  // the owner's project of the demo dataset, HRUs set, a scenario run (daily, 2000-2012)
  const lists = (await call(tokens.owner, 'datasets/publiclist')).body as { options: { value: number; text: string }[] }[];
  ids.datasetId = lists.flatMap((g) => g.options).find((o) => /Little River/.test(o.text))!.value;
  const map = await call(tokens.owner, `maps/subbasin/name/${ids.datasetId}/3`);
  ids.project = (await call(tokens.owner, 'projects', { body: { datasetID: ids.datasetId, endID: map.body.downstreamID, startIDs: [], name: 'Matrix' } })).body.id;
  await poll('the project', project, (b) => b.status?.isCreated);
  expect((await call(tokens.owner, 'projects/hrus', { body: { projectID: ids.project, method: 'target', targetThreshold: 60 } })).status).toBe(200);
  await poll('the HRUs', project, (b) => b.status?.hasSetHrus);
  const [hru] = (await call(tokens.owner, `hruselection/matching/${ids.project}`, { body: { applyToAll: true } })).body as { subbasin: string; landuse: string; soil: string; slopeClass: string }[];
  Object.assign(hruKey, { subbasinName: hru!.subbasin, landuse: hru!.landuse, soil: hru!.soil, slope: hru!.slopeClass });
  const options = (await call(tokens.owner, `scenarios/options/${ids.project}`)).body;
  ids.weatherId = options.defaultWeatherDataset;
  ids.versionId = options.defaultSWATVersion;
  const created = await call(tokens.owner, 'scenarios', { body: scenarioForm(ids, 'Baseline') });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  ids.scenario = created.body.id;
  expect((await call(tokens.owner, `scenarios/run/${ids.scenario}`, { body: {} })).status).toBe(200);
  const ran = await waitIdle(ids.scenario);
  expect(ran.status.hasRun, ran.status.exceptionMessage).toBe(true);
  const chartOptions = (await call(tokens.owner, `scenarios/output/chartoptions/${ids.scenario}`)).body;
  const flow = chartOptions.outputTypes?.parameters?.OutputRch?.[0]?.variable;
  selections.chart = { subbasin: { id: chartOptions.subbasins?.[0]?.id }, statistic: 'daily', outputType: 'OutputRch', parameters: [flow], units: 0 };
  selections.map = { statistic: 'averageAnnual', outputType: 'OutputRch', parameter: flow, units: 0 };
  ids.mod = (await call(tokens.owner, `scenarios/savemods/${ids.scenario}/Cn2Percent`, { body: { applyToAll: true, modificationObject: { value: 5 } } })).body.id;
  expect((await upload(tokens.owner, ids.project, 'a.pdf')).status).toBe(200);
  ids.report = (await call(tokens.owner, 'errorreports', { body: { projectID: ids.project, title: 'Owner report', userComments: 'About the project.' } })).body.id;
  ids.ffa = await customOutput('ffa', { applyToAll: true, subbasins: [], method: 'b17b' });
  ids.baseflow = await customOutput('baseflowseparation', { applyToAll: true, filterParameter: 0.98, bfiMax: 0.8 });
  ids.calibration = await calibrationRequest();

  // the group: max and rex accept, the project is shared, rex is removed; an invitation waits for ann
  ids.group = (await call(tokens.owner, 'groups', { body: { name: 'Matrix group', description: 'Access matrix' } })).body.id;
  for (const who of ['max', 'rex'] as const) {
    await call(tokens.owner, `groups/invite/${ids.group}`, { method: 'PUT', body: { name: `${who}@example.org` } });
    const token = who === 'max' ? tokens.member : tokens.removed;
    const [invite] = (await call(token, 'groups/invites')).body as { id: number }[];
    expect((await call(token, `groups/accept/${invite!.id}`, { method: 'PATCH' })).status).toBe(200);
  }
  ids.invite = (await call(tokens.owner, `groups/invite/${ids.group}`, { method: 'PUT', body: { name: 'ann@example.org' } })).body.id;
  expect((await call(tokens.owner, `groups/share/${ids.group}/${ids.project}`, { method: 'PATCH' })).status).toBe(200);
  expect((await call(tokens.removed, `projects/${ids.project}`)).status).toBe(200);
  expect((await call(tokens.owner, `groups/removemember/${ids.group}`, { method: 'PATCH', body: { value: 'rex' } })).status).toBe(200);
}, 600_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app?.close();
});

// ─── the matrix ───────────────────────────────────────────────────────────────────────

const ROLE_OF: Partial<Record<Caller, ProjectRole>> = { owner: 'owner', member: 'member', admin: 'admin' };

describe('the access matrix over the route table', () => {
  it('classifies every route that takes an id (a new route cannot be forgotten)', () => {
    const { planned, skipped, unknown } = plan(router);
    expect(unknown, 'routes with parameters no rule classifies: add them to access-matrix.test.ts').toEqual([]);
    const unfilled = planned.flatMap((p) => p.params.filter((n) => n !== mainParam(p) && !['scenarioID', 'groupID'].includes(n) && SECONDARY[n] === undefined && !p.entry.params?.[n]).map((n) => `${p.key}: ${n}`));
    expect(unfilled, 'parameters with no value: add them to SECONDARY in access-matrix.test.ts').toEqual([]);
    // the table holds what the issue counts: every project, scenario, editor, output, download and export call
    expect(planned.length).toBeGreaterThan(60);
    expect(skipped.every(([, why]) => why.length > 0)).toBe(true);
  });

  it('answers owner, member, administrator, non-member, removed member and anonymous as the rule says, on every id-taking route', async () => {
    const { planned } = plan(router);
    const failures: string[] = [];
    const check = (ok: boolean, what: string) => void (ok || failures.push(what));
    const ownerAnswers: string[] = [];
    for (const p of planned) {
      const e = p.entry;
      const projectSide = !['group', 'invite'].includes(e.kind);

      // anonymous: 401; non-member and removed member: exactly what a missing id gets, a 404
      const anonymous = await send(p, 'anonymous');
      check(anonymous.status === 401, `${p.key} anonymous: ${anonymous.status}`);
      const missing = await send(p, 'nonMember', {}, true);
      for (const c of ['nonMember', 'removed'] as const) {
        const res = await send(p, c);
        const hint = res.status === 400 ? ' (the body is checked before access: give the route a valid body in SPECIAL)' : '';
        check(res.status === 404, `${p.key} ${c}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}${hint}`);
        check(JSON.stringify(res) === JSON.stringify(missing), `${p.key} ${c}: answers differently from a missing id (${res.status} vs ${missing.status})`);
      }
      if (!projectSide) {
        // the group's own calls: a member (not a group admin) reads like the owner and may not manage
        if (e.kind === 'group') {
          const member = await send(p, 'member');
          if (e.action === 'group-view') {
            const owner = await send(p, 'owner');
            check(owner.status === 200 && member.status === 200, `${p.key} owner ${owner.status}, member ${member.status}`);
          } else check(member.status === 403, `${p.key} member (not a group admin): ${member.status}`);
        }
        continue;
      }

      // owner first (the reference), then member and administrator
      const action = e.action as ProjectAction;
      let reference: number | undefined;
      for (const c of ['owner', 'member', 'admin'] as const) {
        const target = e.fresh ? await e.fresh() : {};
        const res = await send(p, c, target);
        await e.settle?.(target);
        const allowed = PROJECT_PERMISSIONS[action].includes(ROLE_OF[c]!);
        if (c === 'owner') {
          reference = res.status;
          ownerAnswers.push(`${res.status} ${p.key}`);
          check(allowed, `${p.key}: the owner may always`);
          check(![401, 403].includes(res.status) && res.status < 500 && (res.status !== 404 || !!e.ownerMayMiss), `${p.key} owner: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        } else if (allowed) check(res.status === reference, `${p.key} ${c}: ${res.status}, the owner ${reference} ${JSON.stringify(res.body).slice(0, 120)}`);
        else check(res.status === 403, `${p.key} ${c} may not ${action}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    // not a matrix of refusals: the owner's calls work (the rest answer 400 for a reason of the
    // project's state, e.g. HRUs locked by its scenarios, or a listed 404)
    const ok = ownerAnswers.filter((a) => a.startsWith('2'));
    console.info(`access matrix: ${planned.length} id-taking routes × 6 callers; the owner's answers: ${ok.length} 2xx, others: ${ownerAnswers.filter((a) => !a.startsWith('2')).join('; ')}`);
    expect(ok.length / ownerAnswers.length).toBeGreaterThan(0.9);
  }, 600_000);

  it('lets the owner, members and administrators join the live-status rooms, nobody else', async () => {
    const connect = (token?: string) =>
      new Promise<Socket>((resolve, reject) => {
        const s = io(app.url, { path: '/status-hub', transports: ['websocket'], auth: { token }, reconnection: false });
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    const join = (s: Socket, room: string) => new Promise<boolean>((r) => s.emit('join', room, r));
    for (const room of [`project:${ids.project}`, `scenario:${ids.scenario}`]) {
      for (const [caller, expected] of [['owner', true], ['member', true], ['admin', true], ['nonMember', false], ['removed', false], ['anonymous', false]] as const) {
        const s = await connect(caller === 'anonymous' ? undefined : tokens[caller]);
        expect(await join(s, room), `${caller} joins ${room}`).toBe(expected);
      }
    }
  });
});

describe("runs count against the runner's tier", () => {
  it("a member's runs of the shared project use the member's allowance, not the owner's", async () => {
    // a clean slate: earlier runs are two days old, then one run per day
    await app.deps.db('scenarios').update({ startRunDate: new Date(Date.now() - 48 * 3600_000) });
    await app.deps.db('tiers').update({ taskLimit: 1, taskLimitInterval: 24 });
    try {
      const a = (await freshScenario()).scenario;
      const b = (await freshScenario()).scenario;
      expect((await call(tokens.member, `scenarios/run/${a}`, { body: { skipModelRun: true } })).status).toBe(200);
      await waitIdle(a);
      expect((await app.deps.db('scenarios').where('id', a).first('runUserId')).runUserId).toBe((await app.deps.db('users').where('userName', 'max').first('id')).id);
      const mine = (await call(tokens.member, `scenarios/${b}`)).body.status;
      expect(mine).toMatchObject({ canRun: false, runLimit: 'Your account may run 1 scenario per day. Please try again later or change your account tier.' });
      expect((await call(tokens.member, `scenarios/run/${b}`, { body: {} })).status).toBe(400);
      // the owner has not run today: the member's run is not theirs
      expect((await call(tokens.owner, `scenarios/${b}`)).body.status.canRun).toBe(true);
      expect((await call(tokens.owner, `scenarios/run/${b}`, { body: { skipModelRun: true } })).status).toBe(200);
      await waitIdle(b);
    } finally {
      await app.deps.db('tiers').update({ taskLimit: 0 });
    }
  }, 120_000);
});
