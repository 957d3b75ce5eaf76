// Configuration comes from the environment; every value has an embedded default so that
// `npm start` works on a fresh machine with nothing configured.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined; // undefined → PGlite under dataDir/db
  redisUrl: string | undefined; // undefined → spawn redis-server, else in-process queue
  queueDriver: 'auto' | 'redis' | 'memory';
  authSecret: string | undefined; // undefined → generated once, kept in the database
  tokenTtlHours: number;
  publicUrl: string;
  logLevel: string;
  workers: number;
  filesDir: string;
  mailOutboxDir: string;
  smtpUrl: string | undefined;
  staticRoot: string; // where the shell and plugin builds are found
  /** The built shell (index.html and its assets): STATIC_ROOT/shell/dist unless SHELL_DIR says. */
  shellDir: string;
  version: string;
  /** Key prefix of the queue and status channel in Redis (several sites may share one Redis). */
  queuePrefix: string;
  /** Registration captcha: altcha (self-hosted proof of work, default), none, recaptcha, hcaptcha. */
  captchaProvider: 'altcha' | 'none' | 'recaptcha' | 'hcaptcha';
  captchaSiteKey: string | undefined;
  captchaSecret: string | undefined;
  /** The mailed multi-factor code on sign-in from a device that is not remembered (MFA_REQUIRED=false turns it off). */
  mfaRequired: boolean;
  /** Failed logins for one user name before it is locked for loginLockSeconds (an address gets 4x as many). */
  loginMaxFailures: number;
  loginLockSeconds: number;
  /** Months a scenario's outputs and files are kept after its last run (spec 2 keepMonths). */
  keepMonths: number;
  /** Where administrators put SWAT executables that SWAT versions name (releaseFileName). */
  swatExecutablesDir: string;
  /** Longest a model run may take before it is stopped (seconds). */
  runTimeoutSeconds: number;
  /** TRUSTED_PROXIES: addresses/CIDRs whose X-Forwarded-For is believed (default none; http/headers.ts). */
  trustedProxies?: string;
};

function int(v: string | undefined, d: number): number {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : d;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? join(REPO_ROOT, 'data'));
  const port = int(env.PORT, 8080);
  const host = env.HOST ?? '0.0.0.0';
  const version = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version as string;
  const driver = (env.QUEUE_DRIVER ?? 'auto') as Config['queueDriver'];
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    queueDriver: ['auto', 'redis', 'memory'].includes(driver) ? driver : 'auto',
    authSecret: env.AUTH_SECRET || undefined,
    tokenTtlHours: int(env.TOKEN_TTL_HOURS, 24 * 7),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    workers: int(env.WORKERS, 1),
    filesDir: resolve(env.FILES_DIR ?? join(dataDir, 'files')),
    mailOutboxDir: resolve(env.MAIL_OUTBOX_DIR ?? join(dataDir, 'outbox')),
    smtpUrl: env.SMTP_URL || undefined,
    staticRoot: resolve(env.STATIC_ROOT ?? REPO_ROOT),
    shellDir: resolve(env.SHELL_DIR ?? join(env.STATIC_ROOT ?? REPO_ROOT, 'shell', 'dist')),
    version,
    queuePrefix: env.QUEUE_PREFIX || 'hw',
    captchaProvider: (['altcha', 'none', 'recaptcha', 'hcaptcha'] as const).find((p) => p === (env.CAPTCHA_PROVIDER || 'altcha').toLowerCase().replace(/^pow$/, 'altcha')) ?? 'altcha',
    captchaSiteKey: env.CAPTCHA_SITE_KEY || undefined,
    captchaSecret: env.CAPTCHA_SECRET || undefined,
    mfaRequired: !['false', '0', 'no', 'off'].includes((env.MFA_REQUIRED ?? 'true').toLowerCase()),
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5),
    loginLockSeconds: int(env.LOGIN_LOCK_SECONDS, 900),
    keepMonths: int(env.OUTPUT_KEEP_MONTHS, 6),
    swatExecutablesDir: resolve(env.SWAT_EXECUTABLES_DIR ?? join(dataDir, 'swat-executables')),
    runTimeoutSeconds: int(env.RUN_TIMEOUT_SECONDS, 48 * 3600),
    trustedProxies: env.TRUSTED_PROXIES || undefined,
  };
}

export function ensureDirs(config: Config): void {
  for (const d of [config.dataDir, config.filesDir, config.mailOutboxDir]) mkdirSync(d, { recursive: true });
}
