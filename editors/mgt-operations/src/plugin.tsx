import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { OperationsForm } from './OperationsForm.tsx';
import { HRU_URL, schema, toModificationObject, uiSchema, validateSchedule } from './schema.ts';

// Spec 2 §2 'Operations management': pick one HRU, Get data (GET scenarios/mgt/operations/...), edit
// the schedule as a table, then apply it to the HRUs chosen with the HRU selector (the SDK's
// hru-data page). Saved with POST scenarios/savemods/{scenarioID}/Mgt2; Save is blocked by the
// heat units / date rule of spec 2 §5.
export default defineEditor(pkg, {
  schema,
  uiSchema,
  selection: 'single-hru',
  mode: 'hru-data',
  url: HRU_URL,
  fields: { mgtOperations: OperationsForm },
  toModificationObject,
  validate: validateSchedule,
  intro: 'The management operations of an HRU (.mgt schedule): planting, fertilizer, irrigation, tillage, harvest and the rest. Pick one HRU to see its schedule, edit it, then choose the HRUs the schedule applies to.',
});
