// Operations management's own behaviour: the schedule rules (spec 2 §4, §5, §9), the schema's
// messages, the .mgt conversion, the CSV import (bad rows by line and column) and export round
// trip, and what `apply` writes. (Route, table and server half: plugin-sdk/test/editors.contract.test.tsx.)
import { validateChange } from '@headwater/plugin-sdk/server';
import { applyContext, tinyProject } from '@headwater/plugin-sdk/server/testing';
import { describe, expect, it } from 'vitest';
import server, { operationLists, operationsCsv, readOperationsCsv } from '../server/index.ts';
import { mgtOfRows, newOperation, normalizeForSave, rowsOfMgt, scheduledByHeatUnits, sortOperations, type MgtOp, type OperationRow } from '../src/operations.ts';
import { describeMgt2, schema, toModificationObject, validateSchedule, type Mgt2Change } from '../src/schema.ts';

const HU_ZERO = 'Heat units cannot be zero if scheduling by heat units. Please edit the value for all rows before continuing.';
const DATE_ZERO = 'Month/day cannot be zero if scheduling by date. Please edit the value for all rows before continuing.';

const agrlMgt = () => tinyProject().subbasins[0]!.hrus.find((h) => /Luse:AGRL/.test(h.mgt!.title))!.mgt!;

describe('the schedule', () => {
  it('reads a .mgt schedule as rows (years from the year-end lines) and writes it back line for line', () => {
    const mgt = agrlMgt();
    const rows = rowsOfMgt(mgt.operations as unknown as MgtOp[]);
    const till = mgt.operations.find((o) => o.op === 6)!;
    expect(rows.find((r) => r.MGT_OP === 6)).toMatchObject({ YEAR: 1, MONTH: till.month, DAY: till.day, HUSC: 0, TILLAGE_ID: (till as { TILL_ID: number }).TILL_ID, CNOP: 0 });
    const plant = mgt.operations.find((o) => o.op === 1) as { PLANT_ID: number; HEAT_UNITS: number };
    expect(rows.find((r) => r.MGT_OP === 1)).toMatchObject({ PLANT_ID: plant.PLANT_ID, HEATUNITS: plant.HEAT_UNITS });
    const fert = mgt.operations.find((o) => o.op === 3) as { FERT_ID: number; FRT_KG: number; FRT_SURFACE: number };
    expect(rows.find((r) => r.MGT_OP === 3)).toMatchObject({ FERT_ID: fert.FERT_ID, FRT_KG: fert.FRT_KG, FRT_SURFACE: fert.FRT_SURFACE });
    expect(rows.map((r) => r.OP_NUM)).toEqual(rows.map((_, i) => i + 1));
    expect(Math.max(...rows.map((r) => r.YEAR))).toBe(4);
    const back = mgtOfRows(rows);
    expect(back.nrot).toBe(4);
    expect(back.operations).toEqual(mgt.operations.map((o) => ({ ...o })));
    expect(scheduledByHeatUnits(rows)).toBe(false);
  });

  it('reads every schedule of the demo as a form that validates whole', () => {
    for (const sub of ['1', '2', '3']) {
      for (const h of tinyProject({ subbasin: sub }).subbasins[0]!.hrus) {
        const rows = rowsOfMgt(h.mgt!.operations as unknown as MgtOp[]);
        expect(validateChange(schema, { scheduleByHeatUnits: scheduledByHeatUnits(rows), operations: rows }), h.mgt!.title).toEqual({});
      }
    }
  });

  it('adds a row as spec 2 §4 says (the last year, heat units 0.15 or month and day 1, operation 1)', () => {
    expect(newOperation([], true)).toMatchObject({ YEAR: 1, HUSC: 0.15, MONTH: 0, DAY: 0, MGT_OP: 1, OP_NUM: 1 });
    const rows = [{ ...newOperation([], false), YEAR: 3 }];
    expect(newOperation(rows, false)).toMatchObject({ YEAR: 3, MONTH: 1, DAY: 1, HUSC: 0, MGT_OP: 1, OP_NUM: 2 });
  });

  it('sorts by year, heat units, op number (or year, month, day, op number) and renumbers on save', () => {
    const r = (YEAR: number, MONTH: number, DAY: number, HUSC: number, OP_NUM: number): OperationRow => ({ YEAR, MONTH, DAY, HUSC, OP_NUM, MGT_OP: 8 });
    const rows = [r(2, 1, 5, 0.1, 1), r(1, 6, 1, 0.9, 2), r(1, 5, 1, 1.2, 3)];
    expect(sortOperations(rows, true).map((x) => x.OP_NUM)).toEqual([2, 3, 1]);
    expect(sortOperations(rows, false).map((x) => x.OP_NUM)).toEqual([3, 2, 1]);
    expect(normalizeForSave(sortOperations(rows, false), false).map((x) => [x.OP_NUM, x.HUSC])).toEqual([[1, 0], [2, 0], [3, 0]]);
    expect(normalizeForSave(rows, true).every((x) => x.MONTH === 0 && x.DAY === 0)).toBe(true);
  });

  it('blocks a save with a zero in the scheduling fields (spec 2 §5)', () => {
    const op = (o: Partial<OperationRow>): OperationRow => ({ YEAR: 1, MONTH: 5, DAY: 1, HUSC: 0, OP_NUM: 1, MGT_OP: 8, ...o });
    expect(validateSchedule({ scheduleByHeatUnits: true, operations: [op({ HUSC: 0 })] })).toBe(HU_ZERO);
    expect(validateSchedule({ scheduleByHeatUnits: false, operations: [op({ DAY: 0 })] })).toBe(DATE_ZERO);
    expect(validateSchedule({ scheduleByHeatUnits: false, operations: [op({})] })).toBeNull();
    // the server says the same on a saved change
    expect(validateChange(schema, { scheduleByHeatUnits: true, operations: [op({ HUSC: 0 })] }, { partial: true })).toEqual({ 'operations.0.HUSC': [HU_ZERO] });
    expect(validateChange(schema, { scheduleByHeatUnits: false, operations: [op({ MONTH: 0 })] }, { partial: true })).toEqual({ 'operations.0.MONTH': [DATE_ZERO] });
  });

  it("requires every field of an operation and keeps values in the MGT_OP table's ranges", () => {
    const fert = { YEAR: 1, MONTH: 5, DAY: 3, HUSC: 0, OP_NUM: 1, MGT_OP: 3, FERT_ID: 1 };
    expect(validateChange(schema, { scheduleByHeatUnits: false, operations: [fert] })).toEqual({ 'operations.0.FRT_KG': ['Required'], 'operations.0.FRT_SURFACE': ['Required'] });
    const irr = { YEAR: 1, MONTH: 7, DAY: 1, HUSC: 0, OP_NUM: 1, MGT_OP: 2, IRR_AMT: 25, IRR_SALT: 0, IRR_EFM: 1.5, IRR_SQ: 0, IRR_SC: 0, IRR_NO: 0 };
    expect(validateChange(schema, { scheduleByHeatUnits: false, operations: [irr] })).toEqual({ 'operations.0.IRR_EFM': ['Must be between 0 and 1'] });
    expect(validateChange(schema, { scheduleByHeatUnits: false, operations: [{ ...irr, IRR_EFM: 0.9, MONTH: 13 }] })).toEqual({ 'operations.0.MONTH': ['Must be between 0 and 12'] });
  });

  it('sends the whole schedule, numbered by position', () => {
    const rows = [{ YEAR: 1, MONTH: 4, DAY: 2, HUSC: 0.5, OP_NUM: 7, MGT_OP: 8 }];
    expect(toModificationObject({}, { scheduleByHeatUnits: false, operations: rows })).toEqual({ scheduleByHeatUnits: false, operations: [{ YEAR: 1, MONTH: 4, DAY: 2, HUSC: 0, OP_NUM: 1, MGT_OP: 8 }] });
    const n = agrlMgt().operations.filter((o) => o.op !== 17).length;
    expect(describeMgt2({ scheduleByHeatUnits: false, operations: rowsOfMgt(agrlMgt().operations as unknown as MgtOp[]) })).toBe(`${n} operations over 4 years, by date`);
    expect(describeMgt2({ scheduleByHeatUnits: true, operations: [] })).toBe('0 operations, by heat units');
  });
});

describe('CSV', () => {
  it('exports and imports the same operations (round trip)', () => {
    const rows = rowsOfMgt(agrlMgt().operations as unknown as MgtOp[]);
    const csv = operationsCsv(rows);
    expect(csv.split('\r\n')[0]).toMatch(/^YEAR,MONTH,DAY,HUSC,OP_NUM,MGT_OP,PLANT_ID,HEATUNITS,/);
    expect(readOperationsCsv(csv, 'ops.csv')).toEqual(rows);
  });

  it('names every bad row by line and column', () => {
    const csv = 'YEAR,MONTH,DAY,HUSC,OP_NUM,MGT_OP,FERT_ID,FRT_KG,FRT_SURFACE,PLANT_ID,HEATUNITS\n1,5,3,0,1,3,1,abc,0.2,,\n1,5,3,0,2,3,1,50,,,\n,5,3,0,3,21,,,,,\n1,5,4,0,4,1,,,,999,1500\n';
    let problems: string[] = [];
    try {
      readOperationsCsv(csv, 'ops.csv', { plantList: new Set([66]) });
    } catch (err) {
      problems = (err as { fields: { file: string[] } }).fields.file;
    }
    expect(problems).toEqual([
      'ops.csv: line 2, column FRT_KG: Must be a number',
      'ops.csv: line 4, column YEAR: Required',
      'ops.csv: line 4, column MGT_OP: Must be between 1 and 16',
      'ops.csv: line 3, column FRT_SURFACE: Required',
      'ops.csv: line 5, column PLANT_ID: No such crop in this dataset: 999',
      'ops.csv: line 5, column CURYR_MAT: Required',
      'ops.csv: line 5, column LAI_INIT: Required',
      'ops.csv: line 5, column BIO_INIT: Required',
      'ops.csv: line 5, column HI_TARG: Required',
      'ops.csv: line 5, column BIO_TARG: Required',
      'ops.csv: line 5, column CNOP: Required',
    ]);
    expect(() => readOperationsCsv('YEAR,MONTH\n1,2\n', 'x.csv')).toThrow(/lacks the column MGT_OP/);
    expect(() => readOperationsCsv('YEAR,MGT_OP,COLOUR\n1,8\n', 'x.csv')).toThrow(/unknown column 'COLOUR'/);
  });
});

describe('apply', () => {
  it('replaces the schedule of the selected HRUs only, NROT with it', async () => {
    const project = tinyProject();
    const before = structuredClone(project);
    // the demo's cropland without its fertilizer
    const rows = rowsOfMgt(agrlMgt().operations as unknown as MgtOp[]).filter((r) => r.MGT_OP !== 3);
    await server.editor.apply(applyContext<Mgt2Change>(project, [{ landuses: ['AGRL'], modificationObject: { scheduleByHeatUnits: false, operations: rows } }]));
    project.subbasins[0]!.hrus.forEach((h, i) => {
      if (/Luse:AGRL/.test(h.mgt!.title)) {
        expect(h.mgt!.operations.filter((o) => o.op === 3)).toEqual([]);
        expect(rowsOfMgt(h.mgt!.operations as unknown as MgtOp[])).toEqual(rows.map((r, k) => ({ ...r, OP_NUM: k + 1 })));
        expect(h.mgt!.NROT).toBe(4);
      } else expect(h.mgt).toEqual(before.subbasins[0]!.hrus[i]!.mgt);
    });
  });

  it('lists the dataset\'s crops, fertilizers, pesticides and tillage', () => {
    const lists = operationLists({ databases: { plant: [{ ICNUM: 66, CPNM: 'PNUT' }], fert: [{ IFNUM: 1, FERTNM: 'Elem-N' }], pest: [], till: [{ ITNUM: 6, TILLNM: 'Disk' }] } });
    expect(lists.plantList).toEqual([{ value: 66, text: 'PNUT (66)' }]);
    expect(lists.manureList).toEqual(lists.fertList);
    expect(lists.opList).toHaveLength(16);
  });
});
