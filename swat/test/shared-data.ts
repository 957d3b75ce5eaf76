// Tests read real SWAT files from ../shared/data (beside the repository checkout).
// The product itself never reads that folder at run time.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const SHARED_DATA = process.env.HEADWATER_SHARED_DATA ?? join(repoRoot, '..', 'shared', 'data');

export function sharedData(...parts: string[]): string {
  const p = join(SHARED_DATA, ...parts);
  if (!existsSync(p)) throw new Error(`shared data not found: ${p} (set HEADWATER_SHARED_DATA)`);
  return p;
}
