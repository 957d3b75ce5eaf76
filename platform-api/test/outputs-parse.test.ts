// Output parsing for loading (scenarios/run/outputs-parse.ts) on rev 637's own LREW outputs:
// worker threads and the calling thread give the same sets, and the sets hold what the files
// say (every row of the daily output.rch, its first reach's first day); a file that cannot be
// parsed fails the load with its reason, and the pooled threads go on serving.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureRun } from '@headwater/swat/test-fixtures';
import { readOutputRows } from '@headwater/swat/output/index.ts';
import { parseOutputs } from '../src/modules/scenarios/run/outputs-parse.ts';

const dir = fixtureRun('lrew_swat2012', 'daily');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parseOutputs', () => {
  it('gives the same sets in worker threads as in the calling thread', async () => {
    const progress: string[] = [];
    const threaded = await parseOutputs(dir, (_, file) => void progress.push(file), { threads: true });
    const here = await parseOutputs(dir, undefined, { threads: false });
    expect(threaded.length).toBeGreaterThanOrEqual(2);
    expect(progress.sort()).toEqual(threaded.map((s) => `output.${s.kind}`).filter((f, i, a) => a.indexOf(f) === i).sort());
    expect(threaded.map(({ matrices, ...axes }) => axes)).toEqual(here.map(({ matrices, ...axes }) => axes));
    threaded.forEach((s, i) => s.matrices.forEach((m, v) => expect(Buffer.from(m.buffer).equals(Buffer.from(here[i]!.matrices[v]!.buffer))).toBe(true)));
  });

  it('holds every row of the daily output.rch, reach by reach and day by day', async () => {
    const [rch] = (await parseOutputs(dir, undefined, { threads: true })).filter((s) => s.kind === 'rch' && s.period === 'day');
    const cio = readFileSync(join(dir, 'file.cio'), 'latin1');
    let rows = 0;
    let first: { unit: number; values: number[] } | undefined;
    for await (const r of readOutputRows(join(dir, 'output.rch'), { kind: 'rch', cio })) {
      if (r.period !== 'day') continue;
      rows++;
      first ??= { unit: r.unit, values: Array.from(r.data) };
    }
    expect(rch!.rows).toBe(rows);
    expect(rch!.units.length * rch!.times.length).toBe(rows);
    const u = rch!.units.indexOf(first!.unit);
    const nt = rch!.times.length;
    expect(rch!.matrices.map((m) => m[u * nt]!)).toEqual(first!.values.map((v) => Math.fround(v)));
  });

  it('fails with the file\'s reason when a pooled thread cannot parse it, and the threads go on', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'hw-outputs-bad-'));
    try {
      writeFileSync(join(bad, 'output.rch'), '1\n'.repeat(12) + 'x'.repeat(20 << 20)); // no header line, large enough for threads
      await expect(parseOutputs(bad, undefined, { threads: true })).rejects.toThrow(/no header line/);
      const again = await parseOutputs(dir, undefined, { threads: true });
      const here = await parseOutputs(dir, undefined, { threads: false });
      expect(again.map((s) => s.rows)).toEqual(here.map((s) => s.rows));
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});

