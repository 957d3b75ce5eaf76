// Parsing a run's output files for loading (outputs.ts stores what this returns): each of
// output.rch, output.sub and output.hru is read from its bytes (@headwater/swat's scanOutputFile)
// in a worker thread of its own, so the files are parsed side by side and the API process's
// event loop stays free; each worker hands back one Float32 matrix [unit][time] per variable
// (transferred, not copied). Small outputs, and any file whose worker cannot start, are parsed
// in this thread.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { OutputRowStream, scanOutputFile } from '@headwater/swat/output/reader.ts';
import type { OutputFileKind, OutputRow } from '@headwater/swat/output/index.ts';

export type OutputPeriodKind = 'day' | 'month' | 'year';
export const OUTPUT_FILES: { kind: OutputFileKind; file: string }[] = [
  { kind: 'rch', file: 'output.rch' },
  { kind: 'sub', file: 'output.sub' },
  { kind: 'hru', file: 'output.hru' },
];

/** Output files smaller than this together are parsed in the calling thread. */
const WORKER_MIN_BYTES = 16 << 20;

export type HruUnit = { unit: number; sub: number; gis: string; lulc: string };

/** One (file, period) of a run's outputs: its axes, and one matrix [unit][time] per variable (missing cells NaN). */
export type ParsedSet = {
  kind: OutputFileKind;
  period: OutputPeriodKind;
  variables: string[];
  units: (number | HruUnit)[];
  areas: number[];
  times: number[];
  rows: number;
  matrices: Float32Array[];
};

/** The rows of one file and period, gathered in file order (time-major) before transposing. */
class PeriodBlock {
  readonly units: (number | HruUnit)[] = [];
  readonly unitIndex = new Map<number | string, number>();
  readonly areas: number[] = [];
  readonly times: number[] = [];
  readonly timeIndex = new Map<number, number>();
  private chunks: Float32Array[] = [];
  private current: Float32Array;
  private fill = 0;
  private rowUnit = new Int32Array(4096);
  private rowTime = new Int32Array(4096);
  private lastTime = NaN;
  private lastTimeIndex = 0;
  rows = 0;
  readonly variables: readonly string[];
  constructor(variables: readonly string[]) {
    this.variables = variables;
    this.current = new Float32Array(variables.length * 4096);
  }
  add(unitKey: number | string, row: OutputRow, time: number): void {
    let u = this.unitIndex.get(unitKey);
    if (u === undefined) {
      u = this.units.length;
      this.unitIndex.set(unitKey, u);
      this.units.push(row.file === 'hru' ? { unit: row.unit, sub: row.sub ?? 0, gis: row.gis, lulc: row.lulc ?? '' } : row.unit);
      this.areas.push(row.area);
    }
    const data = row.data;
    // rows come a period at a time (every unit of a day, then the next day): the last one is the likely one
    let t = time === this.lastTime ? this.lastTimeIndex : this.timeIndex.get(time);
    if (t === undefined) {
      t = this.times.length;
      this.timeIndex.set(time, t);
      this.times.push(time);
    }
    this.lastTime = time;
    this.lastTimeIndex = t;
    const n = this.variables.length;
    if (this.fill + n > this.current.length) {
      this.chunks.push(this.current.subarray(0, this.fill));
      this.current = new Float32Array(n * 65536);
      this.fill = 0;
    }
    const cur = this.current;
    for (let v = 0, o = this.fill; v < n; v++, o++) cur[o] = data[v]!;
    this.fill += n;
    if (this.rows === this.rowUnit.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.rowUnit = grow(this.rowUnit);
      this.rowTime = grow(this.rowTime);
    }
    this.rowUnit[this.rows] = u;
    this.rowTime[this.rows] = t;
    this.rows++;
  }
  /** One matrix per variable, [unit][time] (missing cells NaN). */
  matrices(): Float32Array[] {
    const nv = this.variables.length;
    const nu = this.units.length;
    const nt = this.times.length;
    const out = this.variables.map(() => new Float32Array(nu * nt).fill(NaN));
    let row = 0;
    for (const chunk of [...this.chunks, this.current.subarray(0, this.fill)]) {
      for (let off = 0; off + nv <= chunk.length; off += nv, row++) {
        const cell = this.rowUnit[row]! * nt + this.rowTime[row]!;
        for (let v = 0; v < nv; v++) out[v]![cell] = chunk[off + v]!;
      }
    }
    return out;
  }
}

/** Gathers the rows of one output file, as the reader hands them over, into its (file, period)
 * sets, in the order the periods first appear. */
class OutputSetsBuilder {
  private readonly kind: OutputFileKind;
  private readonly byPeriod = new Map<OutputPeriodKind, PeriodBlock>();
  private readonly order: { period: OutputPeriodKind; block: PeriodBlock }[] = [];
  constructor(kind: OutputFileKind) {
    this.kind = kind;
  }
  readonly row = (row: OutputRow): void => {
    if (row.period === 'average' || row.year === null) return;
    const period = row.period as OutputPeriodKind;
    let block = this.byPeriod.get(period);
    if (!block) {
      this.byPeriod.set(period, (block = new PeriodBlock(row.columns)));
      this.order.push({ period, block });
    }
    const time = period === 'day' ? row.year * 10000 + (row.month ?? 0) * 100 + (row.day ?? 0) : period === 'month' ? row.year * 100 + (row.month ?? 0) : row.year;
    block.add(this.kind === 'hru' ? row.gis : row.unit, row, time);
  };
  sets(): ParsedSet[] {
    return this.order.map(({ period, block }) => ({
      kind: this.kind,
      period,
      variables: [...block.variables],
      units: block.units,
      areas: block.areas,
      times: block.times,
      rows: block.rows,
      matrices: block.matrices(),
    }));
  }
}

/** Parses one output file into its (file, period) sets, in the order the periods first appear. */
export function parseOutputFile(path: string, kind: OutputFileKind, cio: string | undefined): ParsedSet[] {
  const sets = new OutputSetsBuilder(kind);
  scanOutputFile(path, { kind, ...(cio ? { cio } : {}) }, sets.row);
  return sets.sets();
}

/**
 * Parses an output file from its text as the engine writes it, block by block
 * (RunOptions.onOutputText): the reader scanOutputFile uses, fed the same bytes, so the sets are
 * those parseOutputFile gives on the written file — without reading it back.
 */
export class OutputTextParser {
  private readonly stream: OutputRowStream;
  private readonly sets: OutputSetsBuilder;
  private readonly out: Parameters<OutputRowStream['lineAt']>[3] = [];
  /** the unfinished last line of the blocks so far */
  private carry: Buffer = Buffer.alloc(0);
  constructor(kind: OutputFileKind, cio: string | undefined) {
    this.stream = new OutputRowStream({ kind, ...(cio ? { cio } : {}) });
    this.sets = new OutputSetsBuilder(kind);
  }
  private line(buf: Uint8Array, start: number, end: number): void {
    // as reader-bytes.ts's forEachLineOfFile: LF or CRLF, the CR left out
    this.stream.lineAt(buf, start, end > start && buf[end - 1] === 13 ? end - 1 : end, this.out);
    this.flush();
  }
  private flush(): void {
    const out = this.out;
    for (let i = 0; i < out.length; i++) this.sets.row(out[i]!);
    out.length = 0;
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
    this.stream.end(this.out);
    this.flush();
    return this.sets.sets();
  }
}

/** parseOutputFile in a worker thread (outputs-worker.ts); undefined when no worker could run it. */
function parseInWorker(path: string, kind: OutputFileKind, cio: string | undefined): Promise<ParsedSet[] | undefined> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      const url = new URL(import.meta.url.endsWith('.js') ? './outputs-worker.js' : './outputs-worker.ts', import.meta.url);
      // the worker needs none of the process's flags (some, e.g. --input-type, it refuses)
      worker = new Worker(url, { workerData: { path, kind, cio }, execArgv: [] });
    } catch {
      resolve(undefined);
      return;
    }
    let settled = false;
    worker.once('message', (m: { sets?: ParsedSet[]; error?: string }) => {
      settled = true;
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m.sets);
    });
    // a worker that cannot load its module: parse here instead; a parse error is the file's
    worker.once('error', () => {
      if (!settled) resolve(undefined);
      settled = true;
    });
    worker.once('exit', () => {
      if (!settled) resolve(undefined);
    });
  });
}

/** Parses the output files of `dir` (each in a worker thread); `onProgress(fraction, file)` as each is done;
 * `threads` forces worker threads on or off (default: on for outputs of 16 MB or more). */
export async function parseOutputs(dir: string, onProgress?: (fraction: number, file: string) => Promise<void> | void, opts: { threads?: boolean } = {}): Promise<ParsedSet[]> {
  const cioPath = join(dir, 'file.cio');
  const cio = existsSync(cioPath) ? readFileSync(cioPath, 'latin1') : undefined;
  const present = OUTPUT_FILES.filter((f) => existsSync(join(dir, f.file)));
  // A worker costs its start (~0.1 s of CPU: a V8 isolate, the reader's modules): small files
  // are parsed here, at once.
  const threads = opts.threads ?? present.reduce((a, f) => a + statSync(join(dir, f.file)).size, 0) >= WORKER_MIN_BYTES;
  let done = 0;
  const parsed = await Promise.all(
    present.map(async ({ kind, file }) => {
      const path = join(dir, file);
      const sets = (threads ? await parseInWorker(path, kind, cio) : undefined) ?? parseOutputFile(path, kind, cio);
      done++;
      await onProgress?.(done / present.length, file);
      return sets;
    }),
  );
  return parsed.flat();
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
