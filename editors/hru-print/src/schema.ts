// HRUs to print (spec 2 §2 'HRUs to print: if a selection exists a table of it with Remove
// Selection; otherwise a filter (subbasin, land use, soil, slope), Get Matching HRUs, and a results
// table (50 per page, checkboxes, selected rows highlighted ...)'; §3 'HRUs to print response:
// hasMods, selected (rows ...)'; §4: first 20 matches preselected; §5: 1 to 20 rows, 'Please select
// only 20 HRUs at most.'; §9). A change is the list of the project's HRU ids to print; without one
// a run prints the project's first 20 HRUs.
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';
// the SDK's wording module itself: light enough for the page's first chunk (no ajv)
import { EDITOR_MESSAGES } from '@headwater/plugin-sdk/schema';

/** The one-setting call of the page (spec 2 §7 'GET scenarios/print/hruprint/{scenarioID}'). */
export const SETTING_URL = 'scenarios/print/hruprint/{scenarioID}';
/** Spec 2 §9: at most 20 HRUs (file.cio's print list). */
export const MAX_HRUS = 20;

/** Spec 2 §5, verbatim (the SDK's wording); ours for at least one and for a foreign HRU. */
export const MESSAGES = { atMost: EDITOR_MESSAGES.hruPrintAtMost, atLeast: EDITOR_MESSAGES.hruPrintAtLeast, notInProject: (ids: number[]) => `Not an HRU of this project: ${ids.join(', ')}` };

export type HruPrintChange = { hrus: number[] };

export const schema: EditorSchema = {
  type: 'object',
  required: ['hrus'],
  additionalProperties: false,
  properties: {
    hrus: {
      type: 'array',
      title: 'HRUs to print',
      description: 'Choose the HRUs whose outputs the run prints (output.hru), at most 20: filter the HRUs, get the matching ones (the first 20 are selected), then adjust.',
      items: { type: 'integer', minimum: 1 },
      uniqueItems: true,
      minItems: 1,
      maxItems: MAX_HRUS,
      messages: { minItems: MESSAGES.atLeast, maxItems: MESSAGES.atMost, required: MESSAGES.atLeast },
    },
  },
};

export const uiSchema: EditorUiSchema = {
  hrus: { 'ui:field': 'hruPicker' },
};

/** The saved-changes text. */
export function describeHruPrint(m: Partial<HruPrintChange>): string {
  const n = Array.isArray(m.hrus) ? m.hrus.length : 0;
  return `${n} HRU${n === 1 ? '' : 's'}`;
}
