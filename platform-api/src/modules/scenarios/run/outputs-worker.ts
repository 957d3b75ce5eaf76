// Worker thread of outputs-parse.ts: parses output files and sends their sets back, the
// matrices transferred (no copy). Either written files, one per message (a pooled thread,
// workerData.pool), or the text of a running engine, block by block as messages ({ text }, then
// { end: true }).
import { parentPort, workerData } from 'node:worker_threads';
import { yieldToEngine } from './background-thread.ts';
import { OutputTextParser, parseOutputFile, type ParsedSet } from './outputs-parse.ts';

const { kind, cio } = workerData as { kind: 'rch' | 'sub' | 'hru'; cio: string | undefined };
// a set's matrices are views of one buffer: each buffer listed once
const send = (sets: ParsedSet[], cpu?: number) => parentPort!.postMessage({ sets, cpu }, [...new Set(sets.flatMap((s) => s.matrices.map((m) => m.buffer as ArrayBuffer)))]);
const fail = (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });

if ((workerData as { pool?: boolean }).pool) {
  // a pooled thread (outputs-parse.ts ParsePool): one file per message, as long as it is kept
  parentPort!.on('message', (m: { path: string; kind: 'rch' | 'sub' | 'hru'; cio: string | undefined }) => {
    try {
      // this thread's CPU for the file: what the parse costs, whatever else the machine runs
      const c0 = process.threadCpuUsage();
      const sets = parseOutputFile(m.path, m.kind, m.cio);
      const c = process.threadCpuUsage(c0);
      send(sets, (c.user + c.system) / 1e6);
    } catch (err) {
      fail(err);
    }
  });
} else {
  // parsing alongside the running engine: only the CPU it leaves
  yieldToEngine();
  const parser = new OutputTextParser(kind, cio);
  let failed = false;
  parentPort!.on('message', (m: { text?: string; end?: boolean }) => {
    if (failed) return;
    try {
      if (m.text !== undefined) parser.text(m.text);
      if (m.end) {
        send(parser.end());
        parentPort!.close();
      }
    } catch (err) {
      failed = true;
      fail(err);
      parentPort!.close();
    }
  });
}
