// The Calibration editor's saved change (spec 2 §3 'Calibration': ignoreCalibration,
// customCalibrationID; type codes V value, A amount added, % percentage of baseline): the scenario
// either ignores calibration (no change saved: the dataset's inputs as they are) or applies one
// calibration option of its dataset. The change holds the option's id and a copy of its changes
// taken when it is saved, so a run writes what the page showed.
import type { EditorSchema } from '@headwater/plugin-sdk';
import { CALIBRATION_FILES, CALIBRATION_TYPES, type CalibrationMod } from './mods.ts';

/** Spec 2 §7: GET and POST scenarios/general/calibration/{scenarioID}. */
export const CALIBRATION_URL = 'scenarios/general/calibration/{scenarioID}';

/** `customCalibrationID` is absent when the changes come from a calibration request's best set
 * (plugins/calibration-runs: 'Create a scenario from the best set'), not from a dataset option. */
export type CalibrationChange = { customCalibrationID?: number; name: string; mods: CalibrationMod[] };

/** Ours: the spec names the notice without its wording. */
export const CALIBRATION_MESSAGES = {
  noData: 'No calibration data exist for this dataset. The help page explains calibration and how datasets provide it.',
  pick: 'Choose a calibration option, or ignore calibration.',
  notAnOption: 'This calibration option does not belong to the dataset of this scenario.',
  ignored: 'Calibration is ignored: the scenario runs with the dataset\'s inputs.',
} as const;

export const schema: EditorSchema = {
  type: 'object',
  required: ['mods'],
  additionalProperties: false,
  properties: {
    customCalibrationID: { type: 'integer', title: 'Calibration option', minimum: 1 },
    name: { type: 'string', title: 'Name' },
    mods: {
      type: 'array',
      title: 'Changes',
      items: {
        type: 'object',
        required: ['file', 'variable', 'type', 'value'],
        additionalProperties: false,
        properties: {
          file: { type: 'string', enum: [...CALIBRATION_FILES] },
          variable: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$' },
          type: { type: 'string', enum: [...CALIBRATION_TYPES] },
          value: { type: 'number' },
          landuses: { type: 'array', items: { type: 'string' } },
          subbasins: { type: 'array', items: { type: 'integer' } },
        },
      },
    },
  },
};

/** The POST body of the page (spec 2 §7): ignore, or the chosen option's id. */
export type CalibrationPost = { ignoreCalibration: boolean; customCalibrationID?: number | null };

export const describeCalibration = (c: Partial<CalibrationChange>) => (c.name ? `${c.name} (${c.mods?.length ?? 0} changes)` : `option ${c.customCalibrationID ?? ''}`);
