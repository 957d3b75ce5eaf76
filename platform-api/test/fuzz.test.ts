// The fuzz suite (issue 23): every route of the API's route table (the Koa router's stack — every
// module's calls and every plugin server half's, the enumeration access-matrix.test.ts uses),
// every method, called anonymously and as a signed-in user with malformed input: NUL bytes,
// 1e20, 2147483648, -1, NaN strings, 1 MB strings, 5,000-deep arrays, wrong types, broken JSON,
// bad multipart bodies, unicode oddities, and path parameters with ../ and %00. A new route is
// covered without editing this file.
//
// Fails on any 5xx, any answer that shows a stack trace or SQL, or the server going away. The
// malformed set is sampled per route with a fixed seed (same requests every run), so the whole
// suite stays well under two minutes.
import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouter } from '../src/app.ts';
import { createUser } from '../src/modules/users/service.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { mulberry32 } from '@headwater/swat/calibration/random.ts';

let app: TestApp;
let token: string;
let projectId = 0;
let scenarioId = 0;
const PASSWORD = 'Fuzzing-horse-1';

/** mulberry32: a small seeded PRNG (the same sample on every run). */
const prng = mulberry32;

const MB = 'x'.repeat(1024 * 1024);
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** Values a field may be given. */
const VALUES: unknown[] = [
  'a\u0000b',
  '\u0000',
  1e20,
  2147483648,
  -2147483649,
  -1,
  0,
  'NaN',
  'Infinity',
  '1e20',
  MB,
  [],
  {},
  [1, 'two', null],
  { nested: { deeper: ['x'] } },
  null,
  true,
  '',
  ' ',
  '../../etc/passwd',
  '\ud800', // a lone surrogate
  '\u202e\u0041\u0301\ufeff', // RTL override, combining mark, BOM
  '😀'.repeat(100),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '2003-02-30',
  '9999-99-99T99:99:99Z',
];

/** Field names the API's bodies use (so malformed values reach the handlers' own checks). */
const FIELDS = ['id', 'projectID', 'scenarioID', 'datasetID', 'weatherDatasetID', 'swatVersionID', 'groupID', 'userId', 'name', 'value', 'values', 'userName', 'email', 'password', 'code', 'token', 'page', 'perPage', 'subbasins', 'landuses', 'soils', 'slopes', 'applyToAll', 'ids', 'settings', 'startingSimulationDate', 'endingSimulationDate', 'printSetting', 'skipYears', 'threshold', 'units', 'comments', 'text', 'filter'];

/** Path parameter values. */
const PARAMS = ['..%2F..%2Fetc%2Fpasswd', '..', '%00', 'a%00b', '2147483648', '1e20', '-1', 'NaN', '%E0%A4%A', '%F0%9F%98%80', 'x'.repeat(3000), '0', '1'];

type Body = { raw: string; type: string } | { json: unknown };

function bodies(rand: () => number): Body[] {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const object = () => {
    const o: Record<string, unknown> = {};
    for (let i = 0, n = 1 + Math.floor(rand() * 4); i < n; i++) o[pick(FIELDS)] = pick(VALUES);
    return o;
  };
  const fixed: Body[] = [
    { raw: '{"name": "a", ', type: 'application/json' }, // broken JSON
    { raw: deepArray(5000), type: 'application/json' },
    { raw: `{"a":${deepArray(5000)}}`, type: 'application/json' },
    { raw: '{"a": 1e400}', type: 'application/json' },
    { raw: '--b\r\nContent-Disposition: form-data; name="file"; filename="t.pdf"\r\n\r\nabc', type: 'multipart/form-data; boundary=b' }, // cut short
    { raw: '--b\r\nContent-Disposition: form-data; name="file"; filename="t.zip"\r\n\r\nabc\r\n--b--\r\n', type: 'multipart/form-data' }, // no boundary
    { raw: '--b\r\nContent-Disposition: form-data; name="file"; filename="t.csv"\r\n\r\nabc\r\n--b--\r\n', type: 'multipart/form-data; boundary=zz' }, // wrong boundary
    { json: pick(VALUES) }, // a bare value where an object is expected
    { json: [object()] },
  ];
  return [...fixed, { json: object() }, { json: object() }, { json: object() }, { json: object() }];
}

const STACK = /\n\s+at \S.*:\d+:\d+|\bnode_modules\/|\.ts:\d+:\d+/;
const SQL = /\b(select\s.+\sfrom|insert into|delete from|update\s+\S+\s+set)\b|syntax error at or near|violates .* constraint|relation "|column "[^"]+" (of|does)|invalid input syntax for/i;

type Route = { method: string; path: string; params: string[] };

function routes(router: Router): Route[] {
  const out: Route[] = [];
  for (const layer of router.stack) {
    const params = layer.paramNames.map((p) => String(p.name));
    for (const method of layer.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) out.push({ method, path: String(layer.path), params });
  }
  return out;
}

/** A real id for a parameter (the caller's project or scenario), so the body reaches the handler. */
function validId(route: Route, param: string): string {
  return /scenario/i.test(param) || (param === 'id' && /scenario/.test(route.path)) ? String(scenarioId) : String(projectId);
}

function fill(route: Route, rand: () => number, valid: boolean): string {
  let path = route.path;
  for (const p of route.params) {
    const v = valid ? validId(route, p) : PARAMS[Math.floor(rand() * PARAMS.length)]!;
    path = path.replace(new RegExp(`:${p}(?=/|$|\\?)`), v);
  }
  return path.replace(/[?*+]/g, '');
}

type Failure = { request: string; status: number; body: string };

async function send(method: string, path: string, auth: string | undefined, body: Body | undefined, query = ''): Promise<Failure | undefined> {
  const headers: Record<string, string> = {};
  if (auth) headers.Authorization = `Bearer ${auth}`;
  let payload: string | undefined;
  if (body && method !== 'GET' && method !== 'DELETE') {
    if ('raw' in body) {
      payload = body.raw;
      headers['Content-Type'] = body.type;
    } else {
      payload = JSON.stringify(body.json);
      headers['Content-Type'] = 'application/json';
    }
  }
  const url = `${app.url}${path}${query}`;
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: payload, signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    return { request: `${method} ${path}${query}`.slice(0, 200), status: 0, body: `no answer: ${(err as Error).message}` };
  }
  const text = await res.text();
  if (res.status >= 500 || STACK.test(text) || SQL.test(text)) {
    return { request: `${method} ${path}${query}`.slice(0, 200) + (payload ? ` ${payload.slice(0, 120)}` : ''), status: res.status, body: text.slice(0, 300) };
  }
  return undefined;
}

beforeAll(async () => {
  app = await startTestApp({ memoryQueue: true }); // jobs queued by the fuzz are never processed
  app.config.mfaRequired = false;
  app.config.captchaProvider = 'none';
  await createUser({ userName: 'fuzzer', email: 'fuzzer@example.org', password: PASSWORD, roles: ['Registered'], emailConfirmed: true, mfaExempt: true });
  token = await app.login('fuzzer', PASSWORD);
  const me = await app.deps.db('users').where('user_name', 'fuzzer').first();
  [{ id: projectId }] = await app.deps.db('projects').insert({ userId: me.id, name: 'Fuzz target' }).returning('id');
  [{ id: scenarioId }] = await app.deps.db('scenarios').insert({ projectId, name: 'Fuzz scenario', startingSimulationDate: '2003-01-01', endingSimulationDate: '2004-12-31' }).returning('id');
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('fuzz: every route of the route table, malformed input', () => {
  it('never answers 5xx, a stack trace or SQL, and keeps serving', async () => {
    const table = routes(apiRouter(app.deps));
    expect(table.length).toBeGreaterThan(100);
    const rand = prng(20261125);
    const failures: Failure[] = [];
    let sent = 0;
    // a fresh token when a route ended the session (logout, logout-all, password or e-mail change)
    const session = async () => {
      if ((await app.request('/api/auth/check', { token })).status === 200) return;
      const u = await app.deps.db('users').where('user_name', 'fuzzer').first();
      if (!u) await createUser({ userName: 'fuzzer', email: 'fuzzer@example.org', password: PASSWORD, roles: ['Registered'], emailConfirmed: true, mfaExempt: true });
      else await app.deps.db('users').where('id', u.id).update({ isLockedOut: false });
      await app.deps.db('login_failures').delete();
      token = await app.login('fuzzer', PASSWORD);
    };
    const queries = ['?page=2147483648&perPage=1e20', '?filter=%00', '?id=NaN&userId=-1', `?sort=${'x'.repeat(5000)}`, '?access_token=%00'];
    for (const route of table) {
      const list = bodies(rand);
      // sample: a few bodies per caller, one with a valid id (to reach past the id check)
      const jobs: Promise<Failure | undefined>[] = [];
      for (const auth of [undefined, token]) {
        for (let i = 0; i < 4; i++) {
          const body = list[Math.floor(rand() * list.length)]!;
          const query = rand() < 0.3 ? queries[Math.floor(rand() * queries.length)]! : '';
          jobs.push(send(route.method, fill(route, rand, false), auth, body, query));
        }
        if (route.params.length) {
          // past the id check: a random body, and deep selection lists (the HRU selection calls once recursed on them)
          jobs.push(send(route.method, fill(route, rand, true), auth, list[Math.floor(rand() * list.length)]));
          jobs.push(send(route.method, fill(route, rand, true), auth, { raw: `{"subbasins":${deepArray(5000)},"landuses":[${'"x",'.repeat(10)}"y"]}`, type: 'application/json' }));
        }
      }
      for (const f of await Promise.all(jobs)) if (f) failures.push(f);
      sent += jobs.length;
      if (/logout|password|email|delete|account/.test(route.path)) await session();
    }
    // still alive, and answering properly
    expect((await app.request('/api/health')).status).toBeLessThan(500);
    expect(failures, JSON.stringify(failures.slice(0, 20), null, 1)).toEqual([]);
    expect(sent).toBeGreaterThan(table.length * 8);
  }, 170_000);
});
