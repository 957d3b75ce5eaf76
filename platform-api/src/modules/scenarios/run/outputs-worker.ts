// Worker thread of outputs-parse.ts: parses one output file and sends its sets back, the
// matrices transferred (no copy). Either the written file (workerData.path), or the text of a
// running engine, block by block as messages ({ text }, then { end: true }).
import { parentPort, workerData } from 'node:worker_threads';
import { yieldToEngine } from './background-thread.ts';
import { OutputTextParser, parseOutputFile, type ParsedSet } from './outputs-parse.ts';

const { path, kind, cio } = workerData as { path?: string; kind: 'rch' | 'sub' | 'hru'; cio: string | undefined };
const send = (sets: ParsedSet[]) => parentPort!.postMessage({ sets }, sets.flatMap((s) => s.matrices.map((m) => m.buffer as ArrayBuffer)));
const fail = (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });

if (path !== undefined) {
  try {
    send(parseOutputFile(path, kind, cio));
  } catch (err) {
    fail(err);
  }
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
