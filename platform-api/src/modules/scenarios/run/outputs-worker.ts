// Worker thread of outputs-parse.ts: parses one output file and sends its sets back, the
// matrices transferred (no copy).
import { parentPort, workerData } from 'node:worker_threads';
import { parseOutputFile } from './outputs-parse.ts';

const { path, kind, cio } = workerData as { path: string; kind: 'rch' | 'sub' | 'hru'; cio: string | undefined };
try {
  const sets = parseOutputFile(path, kind, cio);
  parentPort!.postMessage({ sets }, sets.flatMap((s) => s.matrices.map((m) => m.buffer as ArrayBuffer)));
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
