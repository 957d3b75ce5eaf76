// Parsing a run's output files for loading (outputs.ts stores what this returns): output.rch,
// output.sub and output.hru are parsed from their bytes (outputs-scan.ts) in pooled worker
// threads, one per core, so the files are parsed side by side and the API process's event loop
// stays free; each worker hands back one Float32 matrix [unit][time] per variable (transferred,
// not copied). Small outputs, and any file no worker can take, are parsed in this thread.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { forEachLineOfFile } from '@headwater/swat/output/reader-bytes.ts';
import type { OutputFileKind } from '@headwater/swat/output/index.ts';
import { OutputSetsScanner } from './outputs-scan.ts';
import type { OutputPeriodKind, ParsedSet } from './outputs-sets.ts';

export type { HruUnit, OutputPeriodKind, ParsedSet } from './outputs-sets.ts';

export const OUTPUT_FILES: { kind: OutputFileKind; file: string }[] = [
  { kind: 'rch', file: 'output.rch' },
  { kind: 'sub', file: 'output.sub' },
  { kind: 'hru', file: 'output.hru' },
];

/** Output files smaller than this together are parsed in the calling thread. */
const WORKER_MIN_BYTES = 16 << 20;

/** Parses one output file into its (file, period) sets, in the order the periods first appear. */
export function parseOutputFile(path: string, kind: OutputFileKind, cio: string | undefined): ParsedSet[] {
  const scanner = new OutputSetsScanner(kind, cio);
  forEachLineOfFile(path, scanner.line);
  return scanner.end();
}

/**
 * Parses an output file from its text as the engine writes it, block by block
 * (RunOptions.onOutputText): the parser parseOutputFile uses, fed the same bytes, so the sets are
 * those parseOutputFile gives on the written file — without reading it back.
 */
export class OutputTextParser {
  private readonly scanner: OutputSetsScanner;
  /** the unfinished last line of the blocks so far */
  private carry: Buffer = Buffer.alloc(0);
  constructor(kind: OutputFileKind, cio: string | undefined) {
    this.scanner = new OutputSetsScanner(kind, cio);
  }
  private line(buf: Uint8Array, start: number, end: number): void {
    // as reader-bytes.ts's forEachLineOfFile: LF or CRLF, the CR left out
    this.scanner.line(buf, start, end > start && buf[end - 1] === 13 ? end - 1 : end);
  }
  text(text: string): void {
    const buf = Buffer.from(text, 'latin1');
    let start = 0;
    let nl = buf.indexOf(10);
    if (nl < 0) {
      this.carry = Buffer.concat([this.carry, buf]);
      return;
    }
    if (this.carry.length) {
      // the line begun in the previous block (only it is copied, not the block)
      const first = Buffer.concat([this.carry, buf.subarray(0, nl)]);
      this.line(first, 0, first.length);
      start = nl + 1;
      nl = buf.indexOf(10, start);
    }
    for (; nl >= 0; nl = buf.indexOf(10, start)) {
      this.line(buf, start, nl);
      start = nl + 1;
    }
    this.carry = Buffer.from(buf.subarray(start));
  }
  end(): ParsedSet[] {
    if (this.carry.length) this.line(this.carry, 0, this.carry.length);
    return this.scanner.end();
  }
}

const workerUrl = () => new URL(import.meta.url.endsWith('.js') ? './outputs-worker.js' : './outputs-worker.ts', import.meta.url);

/** How long an idle file-parsing worker is kept for the next run's outputs. */
const POOL_IDLE_MS = 10 * 60_000;

type PoolWorker = { worker: Worker; busy: boolean; idle?: NodeJS.Timeout };

/**
 * Worker threads that parse output files (outputs-worker.ts), one per core, kept ten minutes after
 * their last file: a new thread costs its start (a V8 isolate, the parser's modules) and runs
 * the parser cold (interpreted until V8 has compiled it), which together cost about as much CPU
 * as parsing a 13-year daily run's files warm. Idle threads do not keep the process alive.
 */
class ParsePool {
  private readonly workers: PoolWorker[] = [];
  private readonly queue: { path: string; kind: OutputFileKind; cio: string | undefined; resolve: (s: WorkerParse | undefined) => void; reject: (e: Error) => void }[] = [];
  private readonly size = Math.max(1, Math.min(3, availableParallelism()));

  /** Starts the threads not started yet (each kept POOL_IDLE_MS unless used). */
  warm(): void {
    while (this.workers.length < this.size) {
      const w = this.start();
      if (!w) return;
      w.idle = setTimeout(() => this.drop(w), POOL_IDLE_MS).unref();
    }
  }

  parse(path: string, kind: OutputFileKind, cio: string | undefined): Promise<WorkerParse | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ path, kind, cio, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.queue.length) {
      let w = this.workers.find((x) => !x.busy);
      if (!w && this.workers.length < this.size) {
        w = this.start();
        // no thread can start: the calling thread parses
        if (!w) return this.queue.splice(0).forEach((job) => job.resolve(undefined));
      }
      if (!w) return;
      this.run(w, this.queue.shift()!);
    }
  }

  private start(): PoolWorker | undefined {
    let worker: Worker;
    try {
      // the worker needs none of the process's flags (some, e.g. --input-type, it refuses)
      worker = new Worker(workerUrl(), { workerData: { pool: true }, execArgv: [] });
    } catch {
      return undefined;
    }
    worker.unref();
    const w: PoolWorker = { worker, busy: false };
    this.workers.push(w);
    return w;
  }

  private drop(w: PoolWorker): void {
    const i = this.workers.indexOf(w);
    if (i >= 0) this.workers.splice(i, 1);
    clearTimeout(w.idle);
    void w.worker.terminate();
  }

  private run(w: PoolWorker, job: ParsePool['queue'][number]): void {
    w.busy = true;
    clearTimeout(w.idle);
    const done = () => {
      w.worker.off('message', onMessage);
      w.worker.off('error', onError);
      w.worker.off('exit', onExit);
    };
    const onMessage = (m: { sets?: ParsedSet[]; cpu?: number; error?: string }) => {
      done();
      w.busy = false;
      w.idle = setTimeout(() => this.drop(w), POOL_IDLE_MS).unref();
      if (m.error !== undefined) job.reject(new Error(m.error));
      else job.resolve({ sets: m.sets!, cpu: m.cpu ?? 0 });
      this.next();
    };
    // a worker that cannot load its module or died: the file is parsed in the calling thread
    const onError = () => {
      done();
      this.drop(w);
      job.resolve(undefined);
      this.next();
    };
    const onExit = onError;
    w.worker.on('message', onMessage);
    w.worker.once('error', onError);
    w.worker.once('exit', onExit);
    w.worker.postMessage({ path: job.path, kind: job.kind, cio: job.cio });
  }
}

let pool: ParsePool | null = null;

/** Starts the file-parsing threads ahead of a run whose output files will be read (an
 * executable's): their start is then not part of the output loading. */
export function warmOutputParsing(): void {
  pool ??= new ParsePool();
  pool.warm();
}

/** A file parsed by a pooled thread: its sets and that thread's CPU seconds for it. */
type WorkerParse = { sets: ParsedSet[]; cpu: number };

/** parseOutputFile in a pooled worker thread; undefined when no worker could run it. */
function parseInWorker(path: string, kind: OutputFileKind, cio: string | undefined): Promise<WorkerParse | undefined> {
  pool ??= new ParsePool();
  return pool.parse(path, kind, cio);
}

/** Parses the output files of `dir` (each in a worker thread); `onProgress(fraction, file)` and
 * `onFile(kind, sets)` as each is done; `threads` forces worker threads on or off (default: on for
 * outputs of 16 MB or more); `cpu` gets each file's parse CPU seconds (of the thread that parsed
 * it: unlike wall time, not inflated by the machine's other load). */
export async function parseOutputs(
  dir: string,
  onProgress?: (fraction: number, file: string) => Promise<void> | void,
  opts: { threads?: boolean; onFile?: (kind: OutputFileKind, sets: ParsedSet[]) => void; cpu?: Partial<Record<OutputFileKind, number>> } = {},
): Promise<ParsedSet[]> {
  const cioPath = join(dir, 'file.cio');
  const cio = existsSync(cioPath) ? readFileSync(cioPath, 'latin1') : undefined;
  const present = OUTPUT_FILES.filter((f) => existsSync(join(dir, f.file)));
  const sizes = new Map(present.map((f) => [f.kind, statSync(join(dir, f.file)).size]));
  // A worker costs its start (~0.1 s of CPU: a V8 isolate, the reader's modules): small files
  // are parsed here, at once.
  const threads = opts.threads ?? [...sizes.values()].reduce((a, b) => a + b, 0) >= WORKER_MIN_BYTES;
  let done = 0;
  // the largest files first, so the pool's threads end together
  const bySize = [...present].sort((a, b) => sizes.get(b.kind)! - sizes.get(a.kind)!);
  const parsed = new Map<OutputFileKind, ParsedSet[]>();
  await Promise.all(
    bySize.map(async ({ kind, file }) => {
      const path = join(dir, file);
      let result = threads ? await parseInWorker(path, kind, cio) : undefined;
      if (!result) {
        const c0 = process.threadCpuUsage();
        const sets = parseOutputFile(path, kind, cio);
        const c = process.threadCpuUsage(c0);
        result = { sets, cpu: (c.user + c.system) / 1e6 };
      }
      const { sets } = result;
      if (opts.cpu) opts.cpu[kind] = result.cpu;
      parsed.set(kind, sets);
      opts.onFile?.(kind, sets);
      done++;
      await onProgress?.(done / present.length, file);
    }),
  );
  return present.flatMap((f) => parsed.get(f.kind)!);
}

type TextWorker = { worker: Worker; result: Promise<ParsedSet[]> };

function startTextWorker(kind: OutputFileKind, cio: string | undefined): TextWorker {
  const url = new URL(import.meta.url.endsWith('.js') ? './outputs-worker.js' : './outputs-worker.ts', import.meta.url);
  const worker = new Worker(url, { workerData: { kind, cio }, execArgv: [] });
  const result = new Promise<ParsedSet[]>((resolve, reject) => {
    let settled = false;
    worker.once('message', (m: { sets?: ParsedSet[]; error?: string }) => {
      settled = true;
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m.sets!);
    });
    worker.once('error', (err) => {
      if (!settled) reject(err);
      settled = true;
    });
    worker.once('exit', () => {
      if (!settled) reject(new Error(`the output.${kind} parser stopped`));
      settled = true;
    });
  });
  result.catch(() => {}); // awaited by finish(); a disposed run never asks
  return { worker, result };
}

/**
 * The outputs of a built-in engine run, parsed from the text the engine writes while it runs
 * (RunOptions.onOutputText) instead of read back from the files afterwards: the same reader on the
 * same bytes, so the same sets as parseOutputs on the folder. Small outputs are held and parsed in
 * this thread at the end; once the text reaches WORKER_MIN_BYTES, each file's text goes to a worker
 * thread of its own that parses it while the simulation goes on, so little is left after it.
 * `threads` forces the worker threads on or off.
 */
export class RunOutputCollector {
  private readonly cio: string | undefined;
  private readonly threads: boolean | undefined;
  private held = new Map<OutputFileKind, string[]>();
  private heldBytes = 0;
  private workers: Map<OutputFileKind, TextWorker> | null = null;
  constructor(cio: string | undefined, opts: { threads?: boolean } = {}) {
    this.cio = cio;
    this.threads = opts.threads;
  }
  readonly onText = (kind: OutputFileKind, text: string): void => {
    if (this.workers) return this.toWorker(kind, text);
    const list = this.held.get(kind) ?? [];
    this.held.set(kind, list);
    list.push(text);
    this.heldBytes += text.length;
    if (this.threads === true || (this.threads !== false && this.heldBytes >= WORKER_MIN_BYTES)) {
      this.workers = new Map();
      for (const [k, texts] of this.held) for (const t of texts) this.toWorker(k, t);
      this.held.clear();
    }
  };
  private toWorker(kind: OutputFileKind, text: string): void {
    let w = this.workers!.get(kind);
    if (!w) this.workers!.set(kind, (w = startTextWorker(kind, this.cio)));
    w.worker.postMessage({ text });
  }
  /** The parsed sets (rch, sub, hru), once the engine has written its last row. */
  async finish(): Promise<ParsedSet[]> {
    const workers = this.workers ?? new Map<OutputFileKind, TextWorker>();
    for (const w of workers.values()) w.worker.postMessage({ end: true });
    const byKind = new Map<OutputFileKind, ParsedSet[]>();
    for (const [kind, texts] of this.held) {
      const parser = new OutputTextParser(kind, this.cio);
      for (const t of texts) parser.text(t);
      byKind.set(kind, parser.end());
    }
    this.held.clear();
    for (const [kind, w] of workers) byKind.set(kind, await w.result);
    return OUTPUT_FILES.flatMap(({ kind }) => byKind.get(kind) ?? []);
  }
  /** Stops the worker threads (a run that failed or was aborted). */
  dispose(): void {
    for (const w of this.workers?.values() ?? []) void w.worker.terminate();
    this.held.clear();
  }
}
