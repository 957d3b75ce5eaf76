// Playwright in Debian's Chromium (never a downloaded browser) against the whole product,
// started as `npm start` starts it, on a throwaway PostgreSQL database and the test Redis.
import { defineConfig } from '@playwright/test';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 8790);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: join(import.meta.dirname, 'tests'),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: 1,
  reporter: [['list'], ['json']],
  outputDir: join(root, 'test-results', 'e2e'),
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `"${process.execPath}" platform-api/src/main.ts`,
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? join(root, 'test-results', 'e2e-data'),
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      QUEUE_PREFIX: `hwe2e${port}`,
      ADMIN_USER: 'admin',
      ADMIN_PASSWORD: 'E2e-admin-pass1',
      ADMIN_EMAIL: 'admin@example.org',
      LOG_LEVEL: 'warn',
    },
  },
});
