// Worker thread of inputs-files.ts: writes a run's input files and says when they are all on
// disk. Only node:fs here, so the thread starts at once (no module tree to load).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { yieldToEngine } from './background-thread.ts';

const { dir, names, texts } = workerData as { dir: string; names: string[]; texts: string[] };
yieldToEngine();
try {
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < names.length; i++) writeFileSync(join(dir, names[i]!), texts[i]!, 'latin1');
  parentPort!.postMessage({});
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
