// Engine speed: HRU-days simulated per second on LREW (134 HRUs x 13 years, yearly printing
// like the SWAT reference timing) and on a synthetic 10,000-HRU project x 10 years built by
// replicating LREW's subbasins into a binary routing tree (2 HRU threads by default, and 1),
// and at 50,000 HRUs for memory; peak RSS of each run (child processes).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSimulation } from '../../swat/src/engine/index.ts';
import { sharedData } from '../../swat/test/shared-data.ts';

const SWAT_RATE = 290_000; // SWAT rev 637 on LREW with yearly printing (about 2.2 s)

function setCio(text: string, nbyr: number, iprint: number, nyskip: number): string {
  return text
    .replace(/^[ \t]*\d+([ \t]*\|[ \t]*NBYR)/m, (_, tail: string) => `${String(nbyr).padStart(16)}${tail}`)
    .replace(/^[ \t]*\d+([ \t]*\|[ \t]*IPRINT)/m, (_, tail: string) => `${String(iprint).padStart(16)}${tail}`)
    .replace(/^[ \t]*\d+([ \t]*\|[ \t]*NYSKIP)/m, (_, tail: string) => `${String(nyskip).padStart(16)}${tail}`);
}

/** A synthetic TxtInOut with about `targetHrus` HRUs made of copies of LREW's subbasins. */
export function makeSynthetic(dir: string, targetHrus: number, years: number): { hrus: number; subbasins: number } {
  const src = sharedData('lrew_swat2012', 'TxtInOut');
  const files = readdirSync(src);
  // shared files (weather, databases, basin)
  for (const f of files) if (!/^\d{9}\./.test(f) && f.toLowerCase() !== 'fig.fig' && f.toLowerCase() !== 'file.cio') cpSync(join(src, f), join(dir, f));
  writeFileSync(join(dir, 'file.cio'), setCio(readFileSync(join(src, 'file.cio'), 'latin1'), years, 2, 2), 'latin1');
  const subTexts = [1, 2, 3].map((k) => readFileSync(join(src, `0000${k}0000.sub`), 'latin1'));
  const hruCount = subTexts.map((t) => Number(/(\d+)\s*\|\s*HRUTOT/.exec(t)?.[1] ?? 0));
  let hrus = 0;
  let nsub = 0;
  while (hrus < targetHrus) {
    const k = nsub % 3;
    nsub++;
    hrus += hruCount[k];
  }
  const pad5 = (n: number) => String(n).padStart(5, '0');
  const pad4 = (n: number) => String(n).padStart(4, '0');
  hrus = 0;
  for (let i = 1; i <= nsub; i++) {
    const k = (i - 1) % 3; // LREW subbasin k+1
    const from = `0000${k + 1}`;
    const to = pad5(i);
    for (const ext of ['rte', 'swq', 'pnd', 'wus', 'wgn']) cpSync(join(src, `${from}0000.${ext}`), join(dir, `${to}0000.${ext}`));
    let sub = subTexts[k].replace(new RegExp(`${from}0000\\.`, 'g'), `${to}0000.`);
    for (let h = 1; h <= hruCount[k]; h++) {
      const a = `${from}${pad4(h)}`;
      const b = `${to}${pad4(h)}`;
      sub = sub.split(`${a}.`).join(`${b}.`);
      for (const ext of ['hru', 'mgt', 'sol', 'chm', 'gw', 'sep']) {
        try {
          cpSync(join(src, `${a}.${ext}`), join(dir, `${b}.${ext}`));
        } catch {
          /* optional file */
        }
      }
      hrus++;
    }
    writeFileSync(join(dir, `${to}0000.sub`), sub, 'latin1');
  }
  // binary routing tree: reach i drains into subbasin floor(i/2)'s hydrograph before its reach
  const lines: string[] = [];
  let hyd = 0;
  const routed = new Map<number, number>();
  const row = (name: string, ...v: number[]) => name.padEnd(10) + v.map((x) => String(x).padStart(6)).join('');
  for (let i = nsub; i >= 1; i--) {
    hyd++;
    lines.push(row('subbasin', 1, hyd, i), `          ${pad5(i)}0000.sub`);
    let cur = hyd;
    for (const c of [2 * i, 2 * i + 1]) {
      const r = routed.get(c);
      if (r === undefined) continue;
      hyd++;
      lines.push(row('add', 5, hyd, cur, r));
      cur = hyd;
    }
    hyd++;
    lines.push(row('route', 2, hyd, i, cur), `          ${pad5(i)}0000.rte${pad5(i)}0000.swq`);
    routed.set(i, hyd);
  }
  lines.push(row('finish', 0));
  writeFileSync(join(dir, 'fig.fig'), lines.join('\n') + '\n', 'latin1');
  return { hrus, subbasins: nsub };
}

/** Runs the engine in a child process (its own peak RSS); returns its summary and maxRSS. */
function runChild(dir: string, threads?: number): { hrus: number; days: number; wall: number; maxRssMB: number; threads: number } {
  const engine = new URL('../../swat/src/engine/index.ts', import.meta.url).href;
  const code = `const { runSimulation } = await import(${JSON.stringify(engine)});
const t0 = performance.now();
const s = await runSimulation(${JSON.stringify(dir)}, { threads: ${threads ?? 'undefined'} });
const wall = (performance.now() - t0) / 1000;
process.stdout.write(JSON.stringify({ hrus: s.hrus, days: s.days, wall, maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024) }));`;
  const script = join(dir, '..', `run-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(script, code);
  const out = execFileSync(process.execPath, [script], { encoding: 'utf8', maxBuffer: 1 << 20 });
  rmSync(script, { force: true });
  return { ...JSON.parse(out), threads: threads ?? 0 };
}

export default async function (): Promise<Record<string, string | number>> {
  const out: Record<string, string | number> = {};
  const work = mkdtempSync(join(tmpdir(), 'hw-bench-engine-'));
  try {
    // LREW, yearly printing (the reference timing of SWAT), in this process after a warm-up
    const lrew = join(work, 'lrew');
    cpSync(sharedData('lrew_swat2012', 'TxtInOut'), lrew, { recursive: true });
    cpSync(sharedData('lrew_swat2012', 'outputs_rev637', 'yearly', 'file.cio'), join(lrew, 'file.cio'));
    await runSimulation(lrew); // warm-up (JIT)
    const walls: number[] = [];
    let s = await runSimulation(lrew);
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      s = await runSimulation(lrew);
      walls.push((performance.now() - t0) / 1000);
    }
    walls.sort((a, b) => a - b);
    const wall = walls[2]; // median of 5
    const hd = s.hrus * s.days;
    out['LREW HRU-days'] = hd;
    out['LREW wall s (read+simulate+write, median of 5)'] = Number(wall.toFixed(3));
    out['LREW wall s (best of 5)'] = Number(walls[0].toFixed(3));
    out['LREW HRU-days/s (wall)'] = Math.round(hd / wall);
    out['LREW speed vs SWAT (wall, median)'] = `${(hd / wall / SWAT_RATE).toFixed(2)}x`;
    out['LREW speed vs SWAT (wall, best)'] = `${(hd / walls[0] / SWAT_RATE).toFixed(2)}x`;
    // LREW from a cold process (hw-swat run: Node start-up, module loading, JIT warm-up)
    const cold = runChild(lrew, 1);
    out['LREW cold process: run s (without Node start-up)'] = Number(cold.wall.toFixed(2));
    // synthetic 10,000 HRUs x 10 years: default threads (2 from 2,000 HRUs), then 1 thread
    const syn = join(work, 'syn');
    cpSync(sharedData('lrew_swat2012', 'TxtInOut'), syn, { recursive: true, filter: () => false });
    const g0 = performance.now();
    const made = makeSynthetic(syn, 10_000, 10);
    out['synthetic build s'] = Number(((performance.now() - g0) / 1000).toFixed(1));
    out['synthetic HRUs'] = made.hrus;
    out['synthetic subbasins/reaches'] = made.subbasins;
    const two = runChild(syn);
    const hd2 = two.hrus * two.days;
    out['synthetic HRU-days'] = hd2;
    out['synthetic 2 threads: wall s'] = Number(two.wall.toFixed(1));
    out['synthetic 2 threads: HRU-days/s (wall)'] = Math.round(hd2 / two.wall);
    out['synthetic 2 threads: peak RSS MB'] = two.maxRssMB;
    const one = runChild(syn, 1);
    out['synthetic 1 thread: wall s'] = Number(one.wall.toFixed(1));
    out['synthetic 1 thread: HRU-days/s (wall)'] = Math.round(hd2 / one.wall);
    out['synthetic 1 thread: peak RSS MB'] = one.maxRssMB;
    out['150k HRUs x 30 yr estimate (min, 2 threads)'] = Number(((150_000 * 30 * 365.25) / (hd2 / two.wall) / 60).toFixed(1));
    rmSync(syn, { recursive: true, force: true });
    // memory at 50,000 HRUs (2 years: the state does not grow with years)
    if (process.env.BENCH_ENGINE_50K !== '0') {
      const big = join(work, 'big');
      cpSync(sharedData('lrew_swat2012', 'TxtInOut'), big, { recursive: true, filter: () => false });
      const m50 = makeSynthetic(big, 50_000, 2);
      const r50 = runChild(big);
      out['synthetic 50k HRUs'] = m50.hrus;
      out['synthetic 50k x 2 yr: wall s'] = Number(r50.wall.toFixed(1));
      out['synthetic 50k x 2 yr: HRU-days/s (wall)'] = Math.round((r50.hrus * r50.days) / r50.wall);
      out['synthetic 50k: peak RSS MB'] = r50.maxRssMB;
    }
  } finally {
    out['bench process peak RSS MB'] = Math.round(process.resourceUsage().maxRSS / 1024);
    rmSync(work, { recursive: true, force: true });
  }
  return out;
}
