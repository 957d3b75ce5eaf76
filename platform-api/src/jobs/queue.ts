// The job queue: named queues with priorities, progress, retries and stall detection.
// Redis driver: Bee-Queue, so any number of worker processes on any number of machines can
// share the work. Memory driver: the same interface inside one process (development only).
//
// Bee-Queue has no priorities, so each named queue is three Bee-Queues (highest, middle,
// default) and a worker's handlers share one priority semaphore: a worker never starts a
// lower-priority job while a higher one it holds is waiting.
import { EventEmitter } from 'node:events';
import BeeQueue from 'bee-queue';

export const PRIORITIES = ['highest', 'middle', 'default'] as const;
export type Priority = (typeof PRIORITIES)[number];

export type Progress = { percent: number; message: string };
export type JobOptions = { priority?: Priority; retries?: number; backoffMs?: number; timeoutMs?: number; id?: string };
export type JobContext<T> = {
  id: string;
  queue: string;
  data: T;
  priority: Priority;
  /** Reports progress to whoever watches the job (the status hub forwards it to rooms). */
  reportProgress(progress: Progress): Promise<void>;
};
export type Handler<T, R> = (job: JobContext<T>) => Promise<R>;
export type QueueEvents = {
  succeeded: [jobId: string, result: unknown];
  failed: [jobId: string, error: string];
  retrying: [jobId: string, error: string];
  progress: [jobId: string, progress: Progress];
};
export type QueueCounts = { waiting: number; active: number; succeeded: number; failed: number; delayed: number };

/** What the job-queue page lists (issue 20): the states an operator acts on. */
export const INSPECTED_STATES = ['waiting', 'active', 'failed', 'delayed'] as const;
export type JobState = (typeof INSPECTED_STATES)[number];
export type JobSummary = { id: string; priority: Priority; state: JobState; data: unknown; error: string; progress: unknown; createdAt: number | null };

export interface JobQueue<T = unknown> {
  readonly name: string;
  /** Up to `limit` jobs in a state, for the administrators' queue page. */
  jobs(state: JobState, limit: number): Promise<JobSummary[]>;
  /** A failed job back to waiting; false when there is no such failed job. */
  retry(priority: Priority, id: string): Promise<boolean>;
  /** A job that is not running removed; false when there is no such job (or it is running). */
  remove(priority: Priority, id: string): Promise<boolean>;
  add(data: T, opts?: JobOptions): Promise<{ id: string }>;
  process<R>(concurrency: number, handler: Handler<T, R>): void;
  on<E extends keyof QueueEvents>(event: E, listener: (...args: QueueEvents[E]) => void): void;
  counts(): Promise<QueueCounts>;
}

export interface QueueDriver {
  readonly kind: 'redis' | 'memory';
  queue<T>(name: string): JobQueue<T>;
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

/** Grants slots to the highest priority waiter first. */
export class PrioritySemaphore {
  private free: number;
  private readonly waiting = new Map<Priority, (() => void)[]>(PRIORITIES.map((p) => [p, []]));
  constructor(slots: number) {
    this.free = Math.max(1, slots);
  }
  async acquire(priority: Priority): Promise<() => void> {
    if (this.free > 0) {
      this.free--;
      return () => this.release();
    }
    await new Promise<void>((resolve) => this.waiting.get(priority)!.push(resolve));
    return () => this.release();
  }
  private release(): void {
    for (const p of PRIORITIES) {
      const next = this.waiting.get(p)!.shift();
      if (next) return next(); // hand the slot over directly
    }
    this.free++;
  }
}

// ---------------------------------------------------------------------------------------
// Redis (Bee-Queue)

type BeeOptions = { redisUrl: string; prefix?: string; isWorker: boolean; stallIntervalMs?: number };

type BeeJobExtras = { isInSet(set: string): Promise<boolean>; retry(): Promise<unknown> };

class BeeJobQueue<T> implements JobQueue<T> {
  readonly name: string;
  private readonly levels: Map<Priority, BeeQueue<T>>;
  private readonly events = new EventEmitter();
  constructor(name: string, opts: BeeOptions) {
    this.name = name;
    this.levels = new Map(
      PRIORITIES.map((p) => [
        p,
        new BeeQueue<T>(`${name}:${p}`, {
          prefix: opts.prefix ?? 'hw',
          redis: { url: opts.redisUrl } as BeeQueue.QueueSettings['redis'],
          isWorker: opts.isWorker,
          getEvents: true,
          sendEvents: true,
          removeOnSuccess: true,
          removeOnFailure: false,
          stallInterval: opts.stallIntervalMs ?? 5000,
          activateDelayedJobs: true,
        }),
      ]),
    );
    for (const q of this.levels.values()) {
      q.on('job succeeded', (id: string, result: unknown) => this.events.emit('succeeded', id, result));
      q.on('job failed', (id: string, err: Error) => this.events.emit('failed', id, err.message));
      q.on('job retrying', (id: string, err: Error) => this.events.emit('retrying', id, err.message));
      q.on('job progress', (id: string, p: Progress) => this.events.emit('progress', id, p));
      q.on('error', () => {}); // connection errors surface through health checks
    }
  }

  async add(data: T, opts: JobOptions = {}): Promise<{ id: string }> {
    const q = this.levels.get(opts.priority ?? 'default')!;
    let job = q.createJob(data);
    if (opts.id) job = job.setId(opts.id);
    if (opts.retries) job = job.retries(opts.retries).backoff('exponential', opts.backoffMs ?? 1000);
    if (opts.timeoutMs) job = job.timeout(opts.timeoutMs);
    const saved = await job.save();
    return { id: String(saved.id) };
  }

  process<R>(concurrency: number, handler: Handler<T, R>, semaphore = new PrioritySemaphore(concurrency)): void {
    for (const [priority, q] of this.levels) {
      q.process(concurrency, async (job) => {
        const release = await semaphore.acquire(priority);
        try {
          return await handler({
            id: String(job.id),
            queue: this.name,
            data: job.data,
            priority,
            reportProgress: async (p) => {
              await job.reportProgress(p as unknown as number);
            },
          });
        } finally {
          release();
        }
      });
      // Stall detection: jobs of a worker that died go back to waiting.
      q.checkStalledJobs(5000, () => {});
    }
  }

  on<E extends keyof QueueEvents>(event: E, listener: (...args: QueueEvents[E]) => void): void {
    this.events.on(event, listener as (...a: unknown[]) => void);
  }

  async counts(): Promise<QueueCounts> {
    const total: QueueCounts = { waiting: 0, active: 0, succeeded: 0, failed: 0, delayed: 0 };
    for (const q of this.levels.values()) {
      const h = await q.checkHealth();
      total.waiting += h.waiting;
      total.active += h.active;
      total.succeeded += h.succeeded;
      total.failed += h.failed;
      total.delayed += h.delayed;
    }
    return total;
  }

  async jobs(state: JobState, limit: number): Promise<JobSummary[]> {
    const out: JobSummary[] = [];
    for (const [priority, q] of this.levels) {
      const list = await q.getJobs(state, state === 'failed' ? { size: limit } : { start: 0, end: limit - 1 });
      for (const job of list) {
        const opts = job.options as { timestamp?: number; stacktraces?: string[] };
        out.push({ id: String(job.id), priority, state, data: job.data, error: state === 'failed' ? (opts.stacktraces?.[0]?.split('\n')[0] ?? '') : '', progress: job.progress ?? null, createdAt: opts.timestamp ?? null });
      }
    }
    return out.slice(0, limit);
  }

  async retry(priority: Priority, id: string): Promise<boolean> {
    const q = this.levels.get(priority);
    // isInSet and retry exist on Bee-Queue 2's Job but not in its type declarations
    const job = (q ? await q.getJob(id) : null) as (BeeQueue.Job<T> & BeeJobExtras) | null;
    if (!job || !(await job.isInSet('failed'))) return false;
    await job.retry();
    return true;
  }

  async remove(priority: Priority, id: string): Promise<boolean> {
    const q = this.levels.get(priority);
    const job = (q ? await q.getJob(id) : null) as (BeeQueue.Job<T> & BeeJobExtras) | null;
    if (!job || (await job.isInSet('active'))) return false;
    await job.remove();
    return true;
  }

  async close(): Promise<void> {
    await Promise.all([...this.levels.values()].map((q) => q.close(3000).catch(() => {})));
  }
}

export class RedisQueueDriver implements QueueDriver {
  readonly kind = 'redis' as const;
  private readonly queues = new Map<string, BeeJobQueue<unknown>>();
  private readonly opts: BeeOptions;
  constructor(opts: BeeOptions) {
    this.opts = opts;
  }
  queue<T>(name: string): JobQueue<T> {
    let q = this.queues.get(name);
    if (!q) this.queues.set(name, (q = new BeeJobQueue<unknown>(name, this.opts)));
    return q as unknown as JobQueue<T>;
  }
  async healthy(): Promise<boolean> {
    const { ping } = await import('./redis.ts');
    return ping(this.opts.redisUrl, 1000);
  }
  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

// ---------------------------------------------------------------------------------------
// In-process driver (development only): the same semantics without Redis.

type MemJob<T> = { id: string; data: T; priority: Priority; attempts: number; opts: JobOptions };

class MemoryJobQueue<T> implements JobQueue<T> {
  readonly name: string;
  private readonly events = new EventEmitter();
  private readonly waiting: MemJob<T>[] = [];
  private readonly running = new Map<string, MemJob<T>>();
  // the last failed jobs, for the queue page (the memory driver keeps nothing across restarts)
  private readonly failedJobs: (MemJob<T> & { error: string })[] = [];
  private readonly stats: QueueCounts = { waiting: 0, active: 0, succeeded: 0, failed: 0, delayed: 0 };
  private handler?: Handler<T, unknown>;
  private concurrency = 1;
  private seq = 0;
  constructor(name: string) {
    this.name = name;
  }

  async add(data: T, opts: JobOptions = {}): Promise<{ id: string }> {
    const id = opts.id ?? String(++this.seq);
    this.waiting.push({ id, data, priority: opts.priority ?? 'default', attempts: 0, opts });
    this.waiting.sort((a, b) => PRIORITIES.indexOf(a.priority) - PRIORITIES.indexOf(b.priority));
    queueMicrotask(() => this.pump());
    return { id };
  }

  process<R>(concurrency: number, handler: Handler<T, R>): void {
    this.handler = handler as Handler<T, unknown>;
    this.concurrency = Math.max(1, concurrency);
    this.pump();
  }

  private pump(): void {
    while (this.handler && this.stats.active < this.concurrency && this.waiting.length) {
      const job = this.waiting.shift()!;
      this.stats.active++;
      void this.run(job).finally(() => {
        this.stats.active--;
        this.pump();
      });
    }
  }

  private async run(job: MemJob<T>): Promise<void> {
    job.attempts++;
    this.running.set(job.id, job);
    try {
      const work = this.handler!({
        id: job.id,
        queue: this.name,
        data: job.data,
        priority: job.priority,
        reportProgress: async (p) => void this.events.emit('progress', job.id, p),
      });
      const result = job.opts.timeoutMs
        ? await Promise.race([work, new Promise((_, rej) => setTimeout(() => rej(new Error('Job timed out')), job.opts.timeoutMs).unref())])
        : await work;
      this.stats.succeeded++;
      this.events.emit('succeeded', job.id, result);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (job.attempts <= (job.opts.retries ?? 0)) {
        this.events.emit('retrying', job.id, message);
        const delay = (job.opts.backoffMs ?? 1000) * 2 ** (job.attempts - 1);
        setTimeout(() => {
          this.waiting.unshift(job);
          this.pump();
        }, delay).unref();
      } else {
        this.stats.failed++;
        this.failedJobs.unshift({ ...job, error: message });
        this.failedJobs.length = Math.min(this.failedJobs.length, 500);
        this.events.emit('failed', job.id, message);
      }
    } finally {
      this.running.delete(job.id);
    }
  }

  async jobs(state: JobState, limit: number): Promise<JobSummary[]> {
    const summary = (j: MemJob<T>, error = ''): JobSummary => ({ id: j.id, priority: j.priority, state, data: j.data, error, progress: null, createdAt: null });
    if (state === 'waiting') return this.waiting.slice(0, limit).map((j) => summary(j));
    if (state === 'active') return [...this.running.values()].slice(0, limit).map((j) => summary(j));
    if (state === 'failed') return this.failedJobs.slice(0, limit).map((j) => summary(j, j.error));
    return []; // retries wait on a timer, not in a delayed list
  }

  async retry(priority: Priority, id: string): Promise<boolean> {
    const i = this.failedJobs.findIndex((j) => j.id === id && j.priority === priority);
    if (i < 0) return false;
    const [job] = this.failedJobs.splice(i, 1);
    this.stats.failed = Math.max(0, this.stats.failed - 1);
    this.waiting.push({ id: job!.id, data: job!.data, priority: job!.priority, attempts: 0, opts: job!.opts });
    queueMicrotask(() => this.pump());
    return true;
  }

  async remove(priority: Priority, id: string): Promise<boolean> {
    for (const list of [this.waiting, this.failedJobs] as MemJob<T>[][]) {
      const i = list.findIndex((j) => j.id === id && j.priority === priority);
      if (i >= 0) {
        list.splice(i, 1);
        if (list === this.failedJobs) this.stats.failed = Math.max(0, this.stats.failed - 1);
        return true;
      }
    }
    return false;
  }

  on<E extends keyof QueueEvents>(event: E, listener: (...args: QueueEvents[E]) => void): void {
    this.events.on(event, listener as (...a: unknown[]) => void);
  }

  async counts(): Promise<QueueCounts> {
    return { ...this.stats, waiting: this.waiting.length };
  }
}

export class MemoryQueueDriver implements QueueDriver {
  readonly kind = 'memory' as const;
  private readonly queues = new Map<string, MemoryJobQueue<unknown>>();
  queue<T>(name: string): JobQueue<T> {
    let q = this.queues.get(name);
    if (!q) this.queues.set(name, (q = new MemoryJobQueue<unknown>(name)));
    return q as unknown as JobQueue<T>;
  }
  async healthy(): Promise<boolean> {
    return true;
  }
  async close(): Promise<void> {}
}
