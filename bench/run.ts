// npm run bench [-- suite ...]: runs each suite in suites/ and prints its figures.
// A suite's default export is `async () => Record<string, string | number>`; figures are
// printed as they come and saved to bench/results/<suite>.json for closing notes.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const suites = readdirSync(join(here, 'suites'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .filter((s) => wanted.length === 0 || wanted.includes(s))
  .sort();

mkdirSync(join(here, 'results'), { recursive: true });
let failed = 0;
for (const suite of suites) {
  process.stdout.write(`\n== ${suite}\n`);
  const started = performance.now();
  try {
    const mod = await import(pathToFileURL(join(here, 'suites', `${suite}.ts`)).href);
    const figures: Record<string, string | number> = await mod.default();
    for (const [k, v] of Object.entries(figures)) process.stdout.write(`  ${k}: ${v}\n`);
    writeFileSync(join(here, 'results', `${suite}.json`), JSON.stringify({ suite, at: new Date().toISOString(), figures }, null, 2));
  } catch (err) {
    failed++;
    process.stdout.write(`  FAILED: ${err instanceof Error ? err.stack : String(err)}\n`);
  }
  process.stdout.write(`  (suite took ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
}
process.exitCode = failed ? 1 : 0;
