/// <reference types="node" />
// Map bench: how long until the watershed map of a large watershed is drawn and interactive in
// Chromium (a Playwright measurement; run by hand, prints figures):
//
//   BASE=http://127.0.0.1:8080 HW_USER=admin HW_PASSWORD=... [DATASET_TEXT=Synthetic] \
//     [PROJECT=<id of a large project>] node plugins/projects/bench/map.ts
//
// Needs a running product with the synthetic dataset loaded
// (`DATABASE_URL=... node platform-api/src/cli/load-dataset.ts --synthetic --subbasins 2000 --hrus 150000`). Figures:
// - create page: choosing the dataset loads its default (whole) watershed; from the map
//   result's response end to OpenLayers' `rendercomplete` with every subbasin drawn; then one
//   zoom step to the redraw (an interaction);
// - project view (with PROJECT): navigation start to the watershed map drawn.
// No tiles load (no internet): the figures are the vector layers' own.
import { chromium, type Page } from '@playwright/test';

const BASE = process.env.BASE ?? 'http://127.0.0.1:8080';
const USER = process.env.HW_USER ?? 'admin';
const PASSWORD = process.env.HW_PASSWORD ?? '';
const DATASET_TEXT = new RegExp(process.env.DATASET_TEXT ?? 'Synthetic', 'i');
const PROJECT = process.env.PROJECT;
const RUNS = Number(process.env.RUNS ?? 3);

type Mark = { t: number; features: number; attr: string | null };

/** Records every change of the map's data-features / data-rendered with its time. */
const RECORDER = () => {
  const w = window as unknown as { __marks: { t: number; features: number; attr: string | null }[] };
  w.__marks = [];
  const attach = (el: Element) =>
    new MutationObserver((records) => {
      for (const r of records) w.__marks.push({ t: performance.now(), features: Number(el.getAttribute('data-features')), attr: r.attributeName });
    }).observe(el, {
      attributes: true,
      attributeFilter: ['data-features', 'data-rendered'],
    });
  const seek = new MutationObserver(() => {
    const el = document.querySelector('[data-testid=watershed-map]');
    if (el) {
      seek.disconnect();
      attach(el);
    }
  });
  document.addEventListener('DOMContentLoaded', () => seek.observe(document.body, { childList: true, subtree: true }));
};

async function drawnAt(page: Page, count: number, after = 0): Promise<number> {
  const handle = await page.waitForFunction(
    ([n, a]) => {
      const marks = (window as unknown as { __marks: Mark[] }).__marks;
      const full = marks.find((m) => m.features >= n && m.t >= a);
      return full ? (marks.find((m) => m.attr === 'data-rendered' && m.t >= full.t)?.t ?? null) : null;
    },
    [count, after] as const,
    { timeout: 60_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const res = await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: USER, password: PASSWORD }) });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  const token = ((await res.json()) as { auth_token: string }).auth_token;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const open = async (path: string) => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 950 } });
    await page.addInitScript(RECORDER);
    await page.addInitScript((tk) => localStorage.setItem('hw.auth_token', tk), token);
    await page.goto(`${BASE}${path}`);
    return page;
  };
  const figures: Record<string, string> = {};
  const drawRuns: number[] = [];
  const zoomRuns: number[] = [];
  let subbasins = 0;
  for (let i = 0; i < RUNS; i++) {
    const page = await open('/projects/create');
    await page.getByTestId('watershed-map').waitFor();
    await page.getByTestId('create-dataset').click();
    const response = page.waitForResponse((r) => r.url().includes('/api/maps/subbasin/name/'), { timeout: 60_000 });
    await page.getByRole('option', { name: DATASET_TEXT }).click();
    const r = await response;
    subbasins = ((await r.json()) as { numSubbasins: number }).numSubbasins;
    const endAt = await page.evaluate(() => (performance.getEntriesByType('resource').filter((x) => x.name.includes('/api/maps/subbasin/name/')).at(-1) as PerformanceResourceTiming).responseEnd);
    const drawn = await drawnAt(page, subbasins, endAt);
    drawRuns.push(drawn - endAt);
    const box = (await page.getByTestId('watershed-map').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const before = await page.evaluate(() => performance.now());
    await page.mouse.wheel(0, -300);
    const redrawn = (await (
      await page.waitForFunction((a) => (window as unknown as { __marks: Mark[] }).__marks.find((m) => m.t > a && m.attr === 'data-rendered')?.t ?? null, before, { timeout: 30_000, polling: 20 })
    ).jsonValue()) as number;
    zoomRuns.push(redrawn - before);
    await page.close();
  }
  figures['create page: subbasins'] = String(subbasins);
  figures['create page: map result received → all drawn, median ms'] = median(drawRuns).toFixed(0);
  figures['create page: runs ms'] = drawRuns.map((x) => x.toFixed(0)).join(', ');
  figures['create page: zoom step → redrawn, median ms'] = median(zoomRuns).toFixed(0);

  if (PROJECT) {
    const runs: number[] = [];
    const own: number[] = [];
    let n = 0;
    for (let i = 0; i < RUNS; i++) {
      const page = await open(`/projects/${PROJECT}`);
      const info = (await (await fetch(`${BASE}/api/projects/${PROJECT}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { project: { numSubbasins: number } };
      n = info.project.numSubbasins;
      const drawn = await drawnAt(page, n);
      runs.push(drawn);
      const asked = await page.evaluate(
        (pid) => performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === `/api/projects/${pid}`)?.startTime ?? 0,
        PROJECT,
      );
      own.push(drawn - asked);
      await page.close();
    }
    figures['project view: subbasins'] = String(n);
    figures['project view: navigation → map drawn, median ms'] = median(runs).toFixed(0);
    figures['project view: runs ms'] = runs.map((x) => x.toFixed(0)).join(', ');
    figures['project view: page asks for the project → map drawn, median ms'] = median(own).toFixed(0);
  }
  await browser.close();
  for (const [k, v] of Object.entries(figures)) process.stdout.write(`${k}: ${v}\n`);
}

await main();
