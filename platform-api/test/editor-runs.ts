// What the API tests of the input editors of issue 15 share: run a scenario on the workers, read its
// written inputs and its outputs from the scenario download (SWAT's own files: output.std, .sub,
// .hru), and sum an output column over the printed days. The fixture is scenario-fixtures.ts's.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHruTable, parseSubTable, readOutputStd, type OutputTable } from '@headwater/swat/output/index.ts';
import { expect } from 'vitest';
import type { LrewFixture } from './scenario-fixtures.ts';

export type RunFiles = {
  /** a file of the run (its TxtInOut), as text */
  text(name: string): string;
  sub: OutputTable;
  hru: OutputTable;
  /** output.std's average annual basin values */
  std: Record<string, number>;
};

const work = mkdtempSync(join(tmpdir(), 'hw-editor-runs-'));

/** Runs the scenario and reads its files. */
export async function runScenario(f: LrewFixture, scenarioId: number): Promise<RunFiles> {
  const done = await f.run(scenarioId);
  expect(done.status.hasRun).toBe(true);
  const { status, files } = await f.download(`/api/exports/scenario/${scenarioId}`);
  expect(status).toBe(200);
  const text = (name: string) => {
    const bytes = files[`TxtInOut/${name}`] ?? files[name];
    if (!bytes) throw new Error(`the run has no ${name}`);
    return new TextDecoder('latin1').decode(bytes);
  };
  const stdPath = join(work, `output-${scenarioId}.std`);
  writeFileSync(stdPath, text('output.std'), 'latin1');
  return { text, sub: parseSubTable(text('output.sub')), hru: parseHruTable(text('output.hru')), std: (await readOutputStd(stdPath)).aveAnnualBasin };
}

/** The sum of a column over the daily rows that `where` keeps (all by default). */
export function total(table: OutputTable, column: string, where: (row: number) => boolean = () => true): number {
  const values = table.columns[column];
  if (!values) throw new Error(`no column ${column} (columns: ${Object.keys(table.columns).join(', ')})`);
  let sum = 0;
  for (let i = 0; i < table.rowCount; i++) if (table.period[i] === 'day' && where(i)) sum += values[i]!;
  return sum;
}

/** The distinct units (HRU or subbasin numbers) of a table's daily rows, ascending. */
export function units(table: OutputTable): number[] {
  const set = new Set<number>();
  for (let i = 0; i < table.rowCount; i++) if (table.period[i] === 'day') set.add(table.unit[i]!);
  return [...set].sort((a, b) => a - b);
}

/** (a - b) / b in percent. */
export const pct = (a: number, b: number) => ((a - b) / b) * 100;

/** A measured effect, printed for the report. */
export function report(editor: string, change: string, what: string, before: number, after: number, unit = ''): void {
  console.info(`EFFECT | ${editor} | ${change} | ${what} | ${before.toFixed(3)}${unit} → ${after.toFixed(3)}${unit} | ${before === 0 ? 'n/a' : `${pct(after, before) >= 0 ? '+' : ''}${pct(after, before).toFixed(2)}%`}`);
}
