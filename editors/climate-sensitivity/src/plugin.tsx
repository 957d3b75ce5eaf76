import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { schema, toModificationObject, uiSchema } from './schema.ts';

// The SDK's EditorPage: saved changes, the subbasin and month selection, the two sliders, Save /
// Back / Remove Changes. POST scenarios/savemods/{scenarioID}/ClimateSensitivity with the months
// beside the change; RFINC always, TMPINC only when it is not zero (spec 2 §5).
export default defineEditor(pkg, {
  schema,
  uiSchema,
  selection: 'subbasin-months',
  toModificationObject,
  intro: 'Change the rainfall (percent) and the temperature (degrees Celsius) of chosen months in chosen subbasins: SWAT applies them to the observed or generated weather every day of those months.',
});
