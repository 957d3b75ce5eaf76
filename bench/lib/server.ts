// What the benches that start the real server share: a free port, JSON calls with a token, and
// the server itself (API and worker processes) on a database, stopped and cleaned up after.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** A TCP port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** A JSON call (GET without a body, POST with one); throws with the status and the start of the answer unless 2xx. */
export async function json(url: string, init: { token?: string; body?: unknown } = {}): Promise<any> {
  const res = await fetch(url, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Runs `run` against the real server (`platform-api/src/main.ts`, WORKERS processes of one job
 * each) on `dbUrl`, in a fresh data folder and queue prefix named after the bench. With `dbUrl`
 * null the server runs on `npm start`'s embedded defaults instead: PGlite in the data folder, its
 * own queue (a private redis-server, else in-process) and the jobs in the server process. */
export async function withServer<T>(opts: { name: string; dbUrl: string | null; workers: number; startSeconds?: number }, run: (base: string) => Promise<T>): Promise<T> {
  const { name, dbUrl, workers, startSeconds = 180 } = opts;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `hw-bench-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
    ADMIN_USER: 'admin', ADMIN_PASSWORD: 'Bench-pass-123', MFA_REQUIRED: 'false', WORKERS: String(workers), WORKER_CONCURRENCY: '1', LOG_LEVEL: 'warn', NODE_ENV: 'production',
  };
  if (dbUrl) Object.assign(env, { DATABASE_URL: dbUrl, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', QUEUE_PREFIX: `hwb${name}${process.pid}w${workers}` });
  else for (const k of ['DATABASE_URL', 'REDIS_URL', 'QUEUE_PREFIX']) delete env[k];
  const child: ChildProcess = spawn(process.execPath, ['platform-api/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + startSeconds * 1000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`server did not start in ${startSeconds} s`);
      try {
        if ((await fetch(base + '/api/health')).ok) break;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 2000)); // the worker processes subscribe
    return await run(base);
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
