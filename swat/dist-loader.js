// Chooses between the precompiled JavaScript of @headwater/swat (dist/, made by build.ts) and
// its TypeScript sources (src/): dist/ is used when it exists and no source file is newer than
// the build (so an edit never runs stale code); otherwise the sources, which Node strips of
// types as it loads them. Plain JavaScript, so that choosing costs no compilation.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const SOURCE_DIR = 'src';
const root = import.meta.dirname;

/** Newest modification time (ms) of the package's TypeScript sources (tests excluded). */
export function newestSource(dir = join(root, SOURCE_DIR)) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

let fresh;
/** True when dist/ holds a build of the current sources (HW_SWAT_SOURCE=1 forces the sources). */
export function distIsFresh() {
  if (fresh !== undefined) return fresh;
  fresh = false;
  if (process.env.HW_SWAT_SOURCE === '1') return fresh;
  try {
    const info = JSON.parse(readFileSync(join(root, 'dist', 'build-info.json'), 'utf8'));
    fresh = typeof info.newestSource === 'number' && newestSource() <= info.newestSource;
  } catch {
    fresh = false;
  }
  return fresh;
}

/** file URL of a module of the package, e.g. moduleUrl('engine/index'): dist/…js or src/…ts. */
export function moduleUrl(path) {
  return pathToFileURL(distIsFresh() ? join(root, 'dist', `${path}.js`) : join(root, SOURCE_DIR, `${path}.ts`)).href;
}
