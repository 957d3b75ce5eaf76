// Builds the shell and every plugin and editor remote in one rspack multi-compiler run
// (each package's own rspack.config.ts, which calls the root factory).
// Usage: node scripts/build.ts [--watch] [package-dir ...]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack, type Configuration } from '@rspack/core';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const watch = args.includes('--watch');
const only = args.filter((a) => !a.startsWith('--')).map((a) => join(root, a));

export function frontEndPackages(): string[] {
  const dirs = [join(root, 'shell')];
  for (const parent of ['plugins', 'editors']) {
    const base = join(root, parent);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const dir = join(base, name);
      const pkg = join(dir, 'package.json');
      if (existsSync(pkg) && existsSync(join(dir, 'rspack.config.ts')) && JSON.parse(readFileSync(pkg, 'utf8')).headwater) dirs.push(dir);
    }
  }
  return dirs;
}

// The engine ships precompiled for `hw-swat` and the workers (swat/build.ts; they fall back to
// the TypeScript sources whenever dist/ is older than them).
if (!watch && !only.length) execFileSync(process.execPath, [join(root, 'swat', 'build.ts')], { stdio: 'inherit' });

const dirs = only.length ? only : frontEndPackages();
const configs: Configuration[] = [];
for (const dir of dirs) {
  const mod = (await import(pathToFileURL(join(dir, 'rspack.config.ts')).href)) as { default: Configuration };
  configs.push({ ...mod.default, name: relative(root, dir) });
}

const started = performance.now();
const compiler = rspack(configs);
const report = (err: Error | null, stats: { hasErrors(): boolean; toString(o: object): string } | undefined) => {
  if (err) {
    process.stderr.write(`${err.stack ?? err.message}\n`);
    if (!watch) process.exit(1);
    return;
  }
  const failed = stats?.hasErrors();
  const text = stats?.toString({ preset: 'errors-warnings', colors: false }).trim();
  if (text) process.stderr.write(text + '\n');
  process.stdout.write(`${failed ? 'build FAILED' : 'built'} ${dirs.length} package(s) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  if (!watch) compiler.close(() => process.exit(failed ? 1 : 0));
};
if (watch) compiler.watch({ aggregateTimeout: 200 }, report);
else compiler.run(report);
