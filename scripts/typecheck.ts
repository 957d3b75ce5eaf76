// `npm run typecheck`: tsc --noEmit over every package that has a tsconfig.json.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const dirs = ['platform-api', 'plugin-sdk', 'shell', 'swat', 'datasets', 'bench'].map((d) => join(root, d));
for (const parent of ['plugins', 'editors']) {
  const base = join(root, parent);
  if (existsSync(base)) for (const name of readdirSync(base).sort()) dirs.push(join(base, name));
}
let failed = 0;
for (const dir of dirs.filter((d) => existsSync(join(d, 'tsconfig.json')))) {
  const r = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { stdio: 'inherit' });
  process.stdout.write(`${r.status === 0 ? 'ok    ' : 'FAILED'} ${relative(root, dir)}\n`);
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
