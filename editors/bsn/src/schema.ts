// The basin variables form, built from definitions.ts. Every variable is required and numeric;
// its range is shown under the field, not enforced — no minimum/maximum here (spec 2 §5).
// Select-list variables are `oneOf` const + title, so rjsf renders a select and the server
// accepts only the listed codes. The same schema validates a saved change in platform-api
// (without `required`: a change holds only the non-default values).
import type { EditorSchema, EditorUiSchema, FormTab } from '@headwater/plugin-sdk';
import { BSN_TABS, BSN_VARIABLES, formatRange, type BsnVariable } from './definitions.ts';

/** The one-setting call (spec 2 §7 'GET and POST scenarios/general/bsn/{scenarioID}'): the page
 * loads and saves through it, the server half answers it. */
export const SETTING_URL = 'scenarios/general/bsn/{scenarioID}';

/** Ours: the spec gives no wording for a code that is not in a select list. */
export const NOT_IN_LIST = 'Choose a value from the list.';

function property(v: BsnVariable): EditorSchema {
  const p: EditorSchema = { type: 'number', title: v.name, description: v.description };
  if (v.options) {
    p.oneOf = v.options.map((o) => ({ const: o.value, title: o.label }));
    // ajv reports a code outside the list as a failing `const` per option plus `oneOf`.
    p.messages = { oneOf: NOT_IN_LIST, const: NOT_IN_LIST };
  }
  return p;
}

export const schema: EditorSchema = {
  type: 'object',
  required: BSN_VARIABLES.map((v) => v.name),
  additionalProperties: false,
  properties: Object.fromEntries(BSN_VARIABLES.map((v) => [v.name, property(v)])),
};

/** Units and range under each field; the SDK adds 'Default: …' (the dataset's value). */
export function fieldHelp(v: BsnVariable): string {
  const range = formatRange(v);
  return [v.units && `Units: ${v.units}`, range && `Range: ${range}`].filter(Boolean).join(' · ');
}

const tabs: FormTab[] = BSN_TABS.map((t) => ({ key: t.key, title: t.title, fields: BSN_VARIABLES.filter((v) => v.tab === t.key).map((v) => v.name) }));

export const uiSchema: EditorUiSchema = {
  'ui:options': { tabs, gridCols: 2 },
  ...Object.fromEntries(BSN_VARIABLES.map((v) => [v.name, fieldHelp(v) ? { 'ui:help': fieldHelp(v) } : {}])),
};
