// Engine speed as a user meets it, and in-process:
// - whole process: `hw-swat run` (Node start-up, module loading, reading, simulating, writing),
//   from the precompiled build (swat/build.ts) and from the TypeScript sources, first run
//   ("cold": first process after the build) and the median of 5 more ("warm");
// - in-process: runSimulation in a fresh process (cold, JIT warm-up included) and warm in one
//   process (median of 5);
// on LREW (134 HRUs x 13 years, yearly printing, as in the SWAT timing), on a synthetic
// 10,003-HRU project x 5 years made from LREW's subbasins (2 threads), and — with
// BENCH_ENGINE_150K=1 — 150,000 HRUs x 30 years end to end with peak memory.
// Whole-process figures are given as wall time and as CPU time (user + system, all threads), with
// the load average when they were taken: on a shared 2-core machine the wall time of a run
// depends on what else runs, its CPU time much less.
// SWAT's own times are not measured here (no SWAT executable on this machine): the figures
// it is compared with are SWAT_MEASURED below, measured side by side in an earlier session.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtureProject } from '../../swat/test/fixtures.ts';

/** SWAT2012 rev 637 (Linux executable), whole process, measured side by side with `hw-swat run`
 * on a 2-core machine of this kind in the session that filed issue 22 (after the engine commit
 * aaf91f6 of 2026-11-21). Measured then, not now: each figure says so where it is printed. */
const SWAT_MEASURED = {
  when: 'SWAT rev 637 measured 2026-11-21..25 (issue 22) on a 2-core machine of this kind, not re-measured here',
  lrew: { seconds: 1.5, what: 'LREW, 134 HRUs x 13 yr, yearly printing, whole process', hwSwatThen: 'hw-swat run then: 1.59 s' },
  syn10k: { seconds: 230, what: '10,003 HRUs x 5 yr made by this suite, whole process', hwSwatThen: 'hw-swat run then: 54 s on 2 threads' },
};
const load1 = () => loadavg()[0].toFixed(1);
const ROOT = new URL('../../', import.meta.url).pathname;
const HW_SWAT = join(ROOT, 'swat', 'bin', 'hw-swat');

function setCio(text: string, nbyr: number, iprint: number, nyskip: number): string {
  return text
    .replace(/^[ \t]*\d+([ \t]*\|[ \t]*NBYR)/m, (_, tail: string) => `${String(nbyr).padStart(16)}${tail}`)
    .replace(/^[ \t]*\d+([ \t]*\|[ \t]*IPRINT)/m, (_, tail: string) => `${String(iprint).padStart(16)}${tail}`)
    .replace(/^[ \t]*\d+([ \t]*\|[ \t]*NYSKIP)/m, (_, tail: string) => `${String(nyskip).padStart(16)}${tail}`);
}

/** A synthetic TxtInOut with about `targetHrus` HRUs made of copies of LREW's subbasins. */
export function makeSynthetic(src: string, dir: string, targetHrus: number, years: number, printHrus?: number): { hrus: number; subbasins: number } {
  mkdirSync(dir, { recursive: true });
  const files = readdirSync(src);
  // shared files (weather, databases, basin)
  for (const f of files) if (!/^\d{9}\./.test(f) && f.toLowerCase() !== 'fig.fig' && f.toLowerCase() !== 'file.cio') cpSync(join(src, f), join(dir, f));
  let cio = setCio(readFileSync(join(src, 'file.cio'), 'latin1'), years, 2, 2);
  if (printHrus) {
    // HRU print list (file.cio "HRU data to be printed"): the first printHrus HRUs (at most 20)
    const lines = cio.split(/\r?\n/);
    const i = lines.findIndex((l) => /HRU data to be printed/i.test(l));
    lines[i + 1] = Array.from({ length: 20 }, (_, k) => String(k < printHrus ? k + 1 : 0).padStart(4)).join('');
    cio = lines.join('\r\n');
  }
  writeFileSync(join(dir, 'file.cio'), cio, 'latin1');
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

/** `hw-swat run dir` as a child process: whole-process wall time, the engine's own time (its
 * JSON summary), peak RSS of the process (worker threads included). */
function hwSwat(dir: string, env: Record<string, string> = {}): { wall: number; cpu: number; engine: number; maxRssMB: number; hrus: number; days: number } {
  const rss = join(dir, '..', `rss-${Math.random().toString(36).slice(2)}.txt`);
  // a wrapper that runs the bin as the CLI would and records the process's peak RSS at exit
  const wrapper = join(dir, '..', `hw-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(wrapper, `import { writeFileSync } from 'node:fs';
process.on('exit', () => { const u = process.resourceUsage(); writeFileSync(${JSON.stringify(rss)}, JSON.stringify({ maxRSS: u.maxRSS, cpuUs: u.userCPUTime + u.systemCPUTime })); });
process.argv = [process.argv[0], ${JSON.stringify(HW_SWAT)}, 'run', ${JSON.stringify(dir)}, '--quiet', '--json'];
await import(${JSON.stringify('file://' + HW_SWAT)});
`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [wrapper], { encoding: 'utf8', maxBuffer: 1 << 24, env: { ...process.env, ...env } });
  const wall = (performance.now() - t0) / 1000;
  rmSync(wrapper, { force: true });
  if (r.status !== 0) throw new Error(`hw-swat run failed (${r.status}): ${r.stderr}`);
  const s = JSON.parse(r.stdout);
  // resourceUsage of the process itself: CPU of all its threads (the worker included)
  const usage = JSON.parse(readFileSync(rss, 'utf8')) as { maxRSS: number; cpuUs: number };
  rmSync(rss, { force: true });
  return { wall, cpu: usage.cpuUs / 1e6, engine: s.seconds, maxRssMB: Math.round(usage.maxRSS / 1024), hrus: s.hrus, days: s.days };
}

/** runSimulation in a fresh process: the first run (cold) and the median of 5 warm runs, wall
 * time and CPU time of the process (user + system, all its threads: V8's compiler and GC
 * threads included) — on a shared machine the CPU time is the steadier figure. */
function inProcess(dir: string, env: Record<string, string> = {}): { cold: number; warm: number; best: number; coldCpu: number; warmCpu: number; bestCpu: number } {
  const engine = 'file://' + join(ROOT, 'swat', 'engine.js');
  const code = `const { runSimulation } = await import(${JSON.stringify(engine)});
const times = [], cpus = [];
for (let i = 0; i < 6; i++) {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  await runSimulation(${JSON.stringify(dir)});
  times.push((performance.now() - t0) / 1000); const c = process.cpuUsage(c0); cpus.push((c.user + c.system) / 1e6);
}
const warm = times.slice(1).sort((a, b) => a - b); const warmCpu = cpus.slice(1).sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ cold: times[0], warm: warm[2], best: warm[0], coldCpu: cpus[0], warmCpu: warmCpu[2], bestCpu: warmCpu[0] }));`;
  const script = join(dir, '..', `run-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(script, code);
  const out = execFileSync(process.execPath, [script], { encoding: 'utf8', maxBuffer: 1 << 20, env: { ...process.env, ...env } });
  rmSync(script, { force: true });
  return JSON.parse(out);
}

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const r2 = (x: number) => Number(x.toFixed(2));
const r3 = (x: number) => Number(x.toFixed(3));

export default async function (): Promise<Record<string, string | number>> {
  const out: Record<string, string | number> = {};
  const work = mkdtempSync(join(tmpdir(), 'hw-bench-engine-'));
  out['machine'] = `${cpus().length} cores, load average at start ${loadavg().map((x) => x.toFixed(1)).join(' ')}`;
  out['SWAT rev 637 figures compared with'] = SWAT_MEASURED.when;
  try {
    // the precompiled build (what `npm run build` / `npm start` make)
    const b0 = performance.now();
    execFileSync(process.execPath, [join(ROOT, 'swat', 'build.ts')], { encoding: 'utf8' });
    out['swat build (precompile) s'] = r2((performance.now() - b0) / 1000);
    const src = fixtureProject('lrew_swat2012');
    // LREW, yearly printing (the SWAT timing's settings)
    const lrew = join(work, 'lrew');
    cpSync(src, lrew, { recursive: true });
    writeFileSync(join(lrew, 'file.cio'), setCio(readFileSync(join(src, 'file.cio'), 'latin1'), 13, 2, 3), 'latin1');
    for (const [label, env] of [['precompiled', {}], ['from TypeScript sources', { HW_SWAT_SOURCE: '1' }]] as const) {
      const loadBefore = load1();
      const first = hwSwat(lrew, env);
      const warm = Array.from({ length: 5 }, () => hwSwat(lrew, env));
      out[`LREW hw-swat run whole process, ${label}: load average (1 min) before`] = loadBefore;
      out[`LREW hw-swat run whole process, ${label}: cold s`] = r3(first.wall);
      out[`LREW hw-swat run whole process, ${label}: cold CPU s (user+sys)`] = r3(first.cpu);
      out[`LREW hw-swat run whole process, ${label}: warm s (median of 5)`] = r3(median(warm.map((x) => x.wall)));
      out[`LREW hw-swat run whole process, ${label}: warm s (best of 5)`] = r3(Math.min(...warm.map((x) => x.wall)));
      out[`LREW hw-swat run whole process, ${label}: warm CPU s (user+sys, median of 5)`] = r3(median(warm.map((x) => x.cpu)));
      out[`LREW hw-swat run whole process, ${label}: peak RSS MB`] = first.maxRssMB;
      if (label === 'precompiled') {
        const w = median(warm.map((x) => x.wall));
        out['LREW hw-swat run vs SWAT (whole process, warm)'] = `${(SWAT_MEASURED.lrew.seconds / w).toFixed(2)}x SWAT's speed: hw-swat ${r3(w)} s now (load ${load1()}) against SWAT ${SWAT_MEASURED.lrew.seconds} s (${SWAT_MEASURED.lrew.what}; ${SWAT_MEASURED.when}; ${SWAT_MEASURED.lrew.hwSwatThen})`;
      }
      const ip = inProcess(lrew, env);
      out[`LREW in-process, ${label}: cold s (first run in a process)`] = r3(ip.cold);
      out[`LREW in-process, ${label}: warm s (median of 5)`] = r3(ip.warm);
      out[`LREW in-process, ${label}: warm s (best of 5)`] = r3(ip.best);
      out[`LREW in-process, ${label}: cold CPU s (user+sys)`] = r3(ip.coldCpu);
      out[`LREW in-process, ${label}: warm CPU s (user+sys, median of 5)`] = r3(ip.warmCpu);
      out[`LREW in-process, ${label}: warm CPU s (user+sys, best of 5)`] = r3(ip.bestCpu);
    }
    out['LREW HRU-days'] = 134 * 4749;
    // LREW as shipped: daily printing (output.rch/.sub daily, output.hru for HRU 1, watout.dat)
    const lrewDaily = join(work, 'lrew-daily');
    cpSync(src, lrewDaily, { recursive: true });
    {
      const loadBefore = load1();
      const runs = Array.from({ length: 3 }, () => hwSwat(lrewDaily));
      out['LREW daily printing (file.cio as shipped) hw-swat run whole process: load average (1 min) before'] = loadBefore;
      out['LREW daily printing (file.cio as shipped) hw-swat run whole process: s (median of 3)'] = r3(median(runs.map((x) => x.wall)));
      out['LREW daily printing (file.cio as shipped) hw-swat run whole process: CPU s (user+sys, median of 3)'] = r3(median(runs.map((x) => x.cpu)));
    }
    // synthetic 10,003 HRUs x 5 years, 2 threads (the default on 2 cores)
    const syn = join(work, 'syn');
    const g0 = performance.now();
    const made = makeSynthetic(src, syn, 10_000, 5);
    out['synthetic build s'] = r2((performance.now() - g0) / 1000);
    out['synthetic HRUs'] = made.hrus;
    out['synthetic subbasins/reaches'] = made.subbasins;
    out['synthetic 10k x 5 yr: load average (1 min) before'] = load1();
    const two = hwSwat(syn);
    out['synthetic 10k x 5 yr hw-swat run whole process s (2 threads)'] = r2(two.wall);
    out['synthetic 10k x 5 yr hw-swat run whole process CPU s (user+sys, both threads)'] = r2(two.cpu);
    out['synthetic 10k x 5 yr in-process (engine summary) s'] = r2(two.engine);
    out['synthetic 10k x 5 yr HRU-days/s (whole process)'] = Math.round((two.hrus * two.days) / two.wall);
    out['synthetic 10k x 5 yr peak RSS MB'] = two.maxRssMB;
    out['synthetic 10k x 5 yr vs SWAT (whole process)'] = `${(SWAT_MEASURED.syn10k.seconds / two.wall).toFixed(2)}x SWAT's speed: hw-swat ${r2(two.wall)} s now (load ${load1()}) against SWAT ${SWAT_MEASURED.syn10k.seconds} s (${SWAT_MEASURED.syn10k.what}; ${SWAT_MEASURED.when}; ${SWAT_MEASURED.syn10k.hwSwatThen})`;
    rmSync(syn, { recursive: true, force: true });
    // 150,000 HRUs x 30 years end to end (about 30 minutes of both cores, 2 more to build the project): opt-in, BENCH_ENGINE_150K=1
    if (process.env.BENCH_ENGINE_150K === '1') {
      const big = join(work, 'big');
      const m0 = performance.now();
      const m = makeSynthetic(src, big, 150_000, 30, 20); // output.hru: 20 HRUs (all 150k yearly would be ~3.6 GB)
      out['150k: project build s (not part of the run)'] = r2((performance.now() - m0) / 1000);
      out['150k: HRUs'] = m.hrus;
      out['150k: printing'] = 'yearly output.rch/.sub for every reach/subbasin, output.hru for HRUs 1-20';
      out['150k x 30 yr: load average (1 min) before'] = load1();
      const r = hwSwat(big);
      out['150k x 30 yr hw-swat run whole process min'] = r2(r.wall / 60);
      out['150k x 30 yr hw-swat run whole process CPU min (user+sys, both threads)'] = r2(r.cpu / 60);
      out['150k x 30 yr in-process (engine summary) min'] = r2(r.engine / 60);
      out['150k x 30 yr HRU-days/s (whole process)'] = Math.round((r.hrus * r.days) / r.wall);
      out['150k x 30 yr peak RSS MB'] = r.maxRssMB;
      rmSync(big, { recursive: true, force: true });
    }
    out['load average at end'] = loadavg().map((x) => x.toFixed(1)).join(' ');
    rmSync(src, { recursive: true, force: true });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return out;
}
