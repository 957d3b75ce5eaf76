import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryQueueDriver, PrioritySemaphore, RedisQueueDriver, type QueueDriver } from '../src/jobs/queue.ts';
import { REDIS_URL } from './helpers.ts';

const drivers: QueueDriver[] = [];
afterEach(async () => {
  await Promise.all(drivers.splice(0).map((d) => d.close()));
});

function make(kind: 'redis' | 'memory'): QueueDriver {
  const d = kind === 'redis' ? new RedisQueueDriver({ redisUrl: REDIS_URL, isWorker: true, prefix: `hwq${randomBytes(4).toString('hex')}` }) : new MemoryQueueDriver();
  drivers.push(d);
  return d;
}

function waitFor<T>(register: (resolve: (v: T) => void) => void, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timed out')), ms);
    register((v) => {
      clearTimeout(t);
      resolve(v);
    });
  });
}

describe('PrioritySemaphore', () => {
  it('hands a freed slot to the highest priority waiter', async () => {
    const sem = new PrioritySemaphore(1);
    const order: string[] = [];
    const first = await sem.acquire('default');
    const waits = [
      sem.acquire('default').then((r) => (order.push('default'), r)),
      sem.acquire('middle').then((r) => (order.push('middle'), r)),
      sem.acquire('highest').then((r) => (order.push('highest'), r)),
    ];
    first();
    (await waits[2])();
    (await waits[1])();
    (await waits[0])();
    expect(order).toEqual(['highest', 'middle', 'default']);
  });
});

for (const kind of ['redis', 'memory'] as const) {
  describe(`${kind} queue driver`, () => {
    it('runs jobs and reports progress and results', async () => {
      const driver = make(kind);
      const q = driver.queue<{ n: number }>('square');
      const progress: number[] = [];
      q.on('progress', (_id, p) => progress.push(p.percent));
      q.process(1, async (job) => {
        await job.reportProgress({ percent: 50, message: 'half way' });
        return job.data.n * job.data.n;
      });
      const done = waitFor<unknown>((resolve) => q.on('succeeded', (_id, result) => resolve(result)));
      await q.add({ n: 7 });
      expect(await done).toBe(49);
      await new Promise((r) => setTimeout(r, 100));
      expect(progress).toContain(50);
      expect(await driver.healthy()).toBe(true);
    });

    it('retries a failing job and then succeeds', async () => {
      const driver = make(kind);
      const q = driver.queue<{ id: string }>('flaky');
      let attempts = 0;
      q.process(1, async () => {
        attempts++;
        if (attempts < 3) throw new Error(`attempt ${attempts} failed`);
        return 'ok';
      });
      const retries: string[] = [];
      q.on('retrying', (_id, err) => retries.push(err));
      const done = waitFor<unknown>((resolve) => q.on('succeeded', (_id, r) => resolve(r)));
      await q.add({ id: 'x' }, { retries: 3, backoffMs: 10 });
      expect(await done).toBe('ok');
      expect(attempts).toBe(3);
      expect(retries).toEqual(['attempt 1 failed', 'attempt 2 failed']);
    });

    it('reports a failure after the retries are used up', async () => {
      const driver = make(kind);
      const q = driver.queue('doomed');
      q.process(1, async () => {
        throw new Error('no SWAT output');
      });
      const failed = waitFor<string>((resolve) => q.on('failed', (_id, err) => resolve(err)));
      await q.add({}, { retries: 1, backoffMs: 10 });
      expect(await failed).toBe('no SWAT output');
      expect((await q.counts()).failed).toBe(1);
    });

    it('starts higher-priority jobs first when a worker is busy', async () => {
      const driver = make(kind);
      const q = driver.queue<{ label: string }>('prio');
      const started: string[] = [];
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let blockerStarted!: () => void;
      const blocking = new Promise<void>((r) => (blockerStarted = r));
      const all = waitFor<void>((resolve) => {
        let n = 0;
        q.on('succeeded', () => ++n === 4 && resolve());
      });
      q.process(1, async (job) => {
        started.push(job.data.label);
        if (job.data.label === 'blocker') {
          blockerStarted();
          await gate;
        }
      });
      await q.add({ label: 'blocker' }, { priority: 'default' });
      await blocking;
      // While the only slot is busy, jobs of every priority arrive, lowest first.
      await q.add({ label: 'default' }, { priority: 'default' });
      await q.add({ label: 'middle' }, { priority: 'middle' });
      await q.add({ label: 'highest' }, { priority: 'highest' });
      await new Promise((r) => setTimeout(r, 500));
      release();
      await all;
      expect(started).toEqual(['blocker', 'highest', 'middle', 'default']);
    });
  });
}
