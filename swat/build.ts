// Precompiles @headwater/swat to JavaScript (dist/), so that the CLI (bin/hw-swat) and the
// platform's worker (through the package's `engine/index.ts` export, engine.js) start without
// Node compiling TypeScript on every run. Type annotations are stripped file by file with the
// TypeScript compiler's transpiler (no type check here: `tsc -p swat/tsconfig.json` does that),
// relative `.ts` imports are rewritten to `.js`. dist/build-info.json records the newest source
// time: dist-loader.js uses dist/ only while no source is newer (a stale build is never run).
//   node swat/build.ts
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { newestSource, SOURCE_DIR } from './dist-loader.js';

const root = import.meta.dirname;
const dist = join(root, 'dist');
const started = performance.now();

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const newest = newestSource();
rmSync(dist, { recursive: true, force: true });
const files = sources(join(root, SOURCE_DIR));
for (const file of files) {
  const out = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: {
      module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023, rewriteRelativeImportExtensions: true, verbatimModuleSyntax: true,
      sourceMap: false, removeComments: false,
    },
  });
  const dest = join(dist, relative(join(root, SOURCE_DIR), file)).replace(/\.ts$/, '.js');
  mkdirSync(dirname(dest), { recursive: true });
  writeFileSync(dest, out.outputText);
}
writeFileSync(join(dist, 'build-info.json'), JSON.stringify({ newestSource: newest, files: files.length, built: new Date().toISOString() }, null, 2) + '\n');
const bytes = files.reduce((a, f) => a + statSync(join(dist, relative(join(root, SOURCE_DIR), f)).replace(/\.ts$/, '.js')).size, 0);
process.stdout.write(`@headwater/swat: ${files.length} modules compiled to swat/dist (${(bytes / 1024).toFixed(0)} KB) in ${((performance.now() - started) / 1000).toFixed(2)} s\n`);
