// A TxtInOut folder held in memory (formatTxtInOut): what writeTxtInOut writes, read by the reader
// and simulated by the engine without the disk (the platform's runs do this while the folder is
// being written), with the same results as from the written folder.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixturePath } from '../../test/fixtures.ts';
import { runSimulation } from '../engine/index.ts';
import { formatTxtInOut, readTxtInOut, writeTxtInOut, writeTxtInOutFiles } from './project.ts';

const LREW = () => fixturePath('lrew_swat2012', 'TxtInOut');

describe('a TxtInOut folder in memory', () => {
  it('holds exactly the files writeTxtInOut writes', async () => {
    const project = await readTxtInOut(LREW());
    const files = formatTxtInOut(project);
    const dir = mkdtempSync(join(tmpdir(), 'hw-in-memory-'));
    try {
      await writeTxtInOut(project, dir);
      expect(readdirSync(dir).sort()).toEqual([...files.keys()].sort());
      for (const [name, text] of files) expect(readFileSync(join(dir, name), 'latin1'), name).toBe(text);
      // read from memory: the same project as from the folder
      expect(await readTxtInOut(join(dir, 'nowhere'), { files })).toEqual(await readTxtInOut(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is simulated from memory with the outputs of the written folder, byte for byte', async () => {
    const files = formatTxtInOut(await readTxtInOut(LREW()));
    // a shorter run: the control file's years cut to two
    const cio = [...files.keys()].find((n) => n.toLowerCase() === 'file.cio')!;
    files.set(cio, files.get(cio)!.replace(/^(\s*)\d+(\s+\| NBYR)/m, '$12$2'));
    const fromDisk = mkdtempSync(join(tmpdir(), 'hw-in-memory-disk-'));
    const fromMemory = mkdtempSync(join(tmpdir(), 'hw-in-memory-mem-'));
    try {
      await writeTxtInOutFiles(files, fromDisk);
      const a = await runSimulation(fromDisk);
      // an empty folder: every input comes from the texts, only the outputs are written there
      const b = await runSimulation(fromMemory, { files });
      expect(b.days).toBe(a.days);
      // only the outputs are written there, the same files with the same bytes
      const outputs = readdirSync(fromDisk).filter((n) => !files.has(n)).sort();
      expect(outputs).toEqual(expect.arrayContaining(['output.rch', 'output.sub', 'output.hru', 'output.std']));
      expect(readdirSync(fromMemory).sort()).toEqual(outputs);
      for (const f of outputs) expect(readFileSync(join(fromMemory, f), 'latin1'), f).toBe(readFileSync(join(fromDisk, f), 'latin1'));
    } finally {
      rmSync(fromDisk, { recursive: true, force: true });
      rmSync(fromMemory, { recursive: true, force: true });
    }
  }, 120_000);
});
