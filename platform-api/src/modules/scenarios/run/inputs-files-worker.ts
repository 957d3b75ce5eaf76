// Worker thread of inputs-files.ts: writes a run's input files and says when they are all on disk.
import { parentPort, workerData } from 'node:worker_threads';
import { writeTxtInOutFiles } from '@headwater/swat/txtinout/index.ts';

const { dir, names, texts } = workerData as { dir: string; names: string[]; texts: string[] };
try {
  await writeTxtInOutFiles(new Map(names.map((n, i) => [n, texts[i]!])), dir);
  parentPort!.postMessage({});
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
