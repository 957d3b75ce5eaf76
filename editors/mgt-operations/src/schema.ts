// Operations management (spec 2 §2 'Operations management', §3 'Operation (Mgt2)', §4
// 'Operations editor', §5 'Operations', §7 mgt/operationslists, mgt/operations,
// mgt/operationsupload, exports/mgtoperations): one HRU's schedule edited as a table and applied
// to the HRUs chosen with the selector. A saved change is the whole schedule (the spec's array of
// operations, under `operations`) and how it is scheduled (`scheduleByHeatUnits`).
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';
import { COMMON_FIELDS, OPERATIONS, OPERATION_FIELDS, SCHEDULE_MESSAGES, normalizeForSave, scheduleProblem, type OperationRow } from './operations.ts';

/** The page's call: one HRU's schedule (spec 2 §7 'GET scenarios/mgt/operations/...'). */
export const HRU_URL = 'scenarios/mgt/operations/{scenarioID}/{subbasinName}/{landuse}/{soil}/{slope}';
export const LISTS_URL = 'scenarios/mgt/operationslists/{scenarioID}';
export const UPLOAD_URL = 'scenarios/mgt/operationsupload';
export const EXPORT_URL = 'exports/mgtoperations/{scenarioID}/{subbasin}/{landuse}/{soil}/{slope}';

export type Mgt2Change = { scheduleByHeatUnits?: boolean; operations?: OperationRow[] };

/** At most this many operations in a schedule (a .mgt of decades of rotation fits). */
export const MAX_OPERATIONS = 2000;

const opFieldSchema = Object.fromEntries(
  OPERATION_FIELDS.map((d) => [d.name, { type: d.type, title: d.title, description: d.description, minimum: d.minimum, maximum: d.maximum }]),
);

export const operationSchema: EditorSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...COMMON_FIELDS],
  properties: {
    YEAR: { type: 'integer', title: 'Year', description: 'Year of the rotation.', minimum: 1, maximum: 100 },
    // spec 2 §9: month 1–12 and day 0–31, 0 allowed when unused (heat-unit scheduling)
    MONTH: { type: 'integer', title: 'Month', minimum: 0, maximum: 12, messages: { exclusiveMinimum: SCHEDULE_MESSAGES.dateZero } },
    DAY: { type: 'integer', title: 'Day', minimum: 0, maximum: 31, messages: { exclusiveMinimum: SCHEDULE_MESSAGES.dateZero } },
    HUSC: { type: 'number', title: 'Heat units', description: 'Fraction of the heat units at which the operation takes place.', minimum: 0, maximum: 10, messages: { exclusiveMinimum: SCHEDULE_MESSAGES.heatUnitsZero } },
    OP_NUM: { type: 'integer', title: 'Op number', minimum: 1, maximum: 100000 },
    MGT_OP: { type: 'integer', title: 'Operation', oneOf: OPERATIONS.map((o) => ({ const: o.code, title: `${o.code} - ${o.name}` })) },
    ...opFieldSchema,
  },
  // each operation requires its own fields (the MGT_OP table)
  allOf: OPERATIONS.filter((o) => o.fields.some((d) => !d.hidden)).map((o) => ({
    if: { required: ['MGT_OP'], properties: { MGT_OP: { const: o.code } } },
    then: { required: o.fields.filter((d) => !d.hidden).map((d) => d.name) },
  })),
};

export const schema: EditorSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['scheduleByHeatUnits', 'operations'],
  properties: {
    scheduleByHeatUnits: { type: 'boolean', title: 'Schedule by heat units', description: 'Operations take place at fractions of the heat units (else on dates).', default: true },
    operations: { type: 'array', title: 'Operations', items: operationSchema, maxItems: MAX_OPERATIONS },
  },
  // spec 2 §5: by heat units, none may be zero; by date, neither month nor day
  allOf: [
    {
      if: { required: ['scheduleByHeatUnits'], properties: { scheduleByHeatUnits: { const: true } } },
      then: { properties: { operations: { items: { properties: { HUSC: { exclusiveMinimum: 0 } } } } } },
    },
    {
      if: { required: ['scheduleByHeatUnits'], properties: { scheduleByHeatUnits: { const: false } } },
      then: { properties: { operations: { items: { properties: { MONTH: { exclusiveMinimum: 0 }, DAY: { exclusiveMinimum: 0 } } } } } },
    },
  ],
};

/** The whole form is the operations editor (`mgtOperations`, src/OperationsForm.tsx). */
export const uiSchema: EditorUiSchema = { 'ui:field': 'mgtOperations' };

/** What a save sends (spec 2 §4 'On save'): the whole schedule, numbered by position, the unused
 * schedule fields at 0. */
export function toModificationObject(_changed: Record<string, unknown>, formData: Record<string, unknown>): Record<string, unknown> {
  const byHeatUnits = formData.scheduleByHeatUnits !== false;
  const rows = (Array.isArray(formData.operations) ? formData.operations : []) as OperationRow[];
  return { scheduleByHeatUnits: byHeatUnits, operations: normalizeForSave(rows, byHeatUnits) };
}

/** The blocking messages of spec 2 §5 when Save is pressed. */
export function validateSchedule(formData: Record<string, unknown>): string | null {
  const rows = (Array.isArray(formData.operations) ? formData.operations : []) as OperationRow[];
  return scheduleProblem(rows, formData.scheduleByHeatUnits !== false);
}

/** The saved-changes table's text of a change. */
export function describeMgt2(m: Mgt2Change): string {
  const n = Array.isArray(m.operations) ? m.operations.length : 0;
  const years = Array.isArray(m.operations) && n ? Math.max(...m.operations.map((o) => Number(o.YEAR) || 1)) : 0;
  return `${n} operation${n === 1 ? '' : 's'}${years ? ` over ${years} year${years === 1 ? '' : 's'}` : ''}, by ${m.scheduleByHeatUnits === false ? 'date' : 'heat units'}`;
}
