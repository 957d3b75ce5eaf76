// A run's input files written alongside the engine (run/inputs-files.ts): in a worker thread (a
// large project) or in this thread (a small one), the folder ends up with exactly the formatted
// texts, and `done` says so only once they are all there.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatTxtInOut, readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import { fixtureProject } from '@headwater/swat/test-fixtures';
import { startWritingInputs } from '../src/modules/scenarios/run/inputs-files.ts';

const work = mkdtempSync(join(tmpdir(), 'hw-inputs-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('input files written alongside the engine', () => {
  for (const threads of [true, false]) {
    it(`writes every formatted text, byte for byte, ${threads ? 'in a worker thread' : 'in this thread'}`, async () => {
      const files = formatTxtInOut(await readTxtInOut(fixtureProject('lrew_swat2012')));
      const dir = join(work, String(threads), 'run');
      const seconds = await startWritingInputs(files, dir, { threads }).done;
      expect(seconds).toBeGreaterThan(0);
      expect(readdirSync(dir).sort()).toEqual([...files.keys()].sort());
      for (const [name, text] of files) expect(readFileSync(join(dir, name), 'latin1'), name).toBe(text);
    });
  }

  it('reports a write that fails', async () => {
    const files = new Map([['file.cio', 'x'], ['sub/with/slash.sub', 'y']]);
    await expect(startWritingInputs(files, join(work, 'bad'), { threads: true }).done).rejects.toThrow(/Writing the SWAT input files failed/);
  });
});
