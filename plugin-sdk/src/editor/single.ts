// Pure rules of a one-setting editor (`mode: 'single'`: basin variables, a fertilizer, an urban
// type): the page edits the values in effect (`item`) against the dataset's (`default`), and one
// saved change holds every value that differs from the default — so a save must send the
// values changed now and the ones changed before (spec 2 §5 'Basin, fertilizer, urban': 'only
// changed or non-default values are sent, as numbers').
import { asSentValue } from './changes.ts';
import type { EditorSchema, EditorUiSchema } from './types.ts';

/** What `GET {url}` of a one-setting editor answers (spec 2 §3 'Response of the basin call'). */
export type SingleSettingResponse = {
  /** the values in effect: the dataset's overlaid with the saved change */
  item: Record<string, unknown>;
  /** the dataset's values, the page's defaults */
  default?: Record<string, unknown>;
  definitions?: unknown;
  changes?: { hasChanges?: boolean; modID?: number | null };
  /** some calls answer the flag at the top (`GET scenarios/general/ferts`: items, hasChanges) */
  hasChanges?: boolean;
};

function same(a: unknown, b: unknown): boolean {
  if (a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b))) return true;
  // lists and objects (a checklist's names, a table's rows) by their content
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The body of a save: every top-level field changed in this form (`changed`) or differing from
 * its default, numeric fields as numbers. Fields left empty are not sent (the form's 'Required'
 * stops the save before). */
export function singleSaveValues(
  schema: EditorSchema,
  formData: Record<string, unknown>,
  changed: Record<string, unknown>,
  defaults: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(props)) {
    const value = asSentValue(formData[key], props[key]);
    if (value === undefined || value === null || value === '') continue;
    if (key in changed || !defaults || !(key in defaults) || !same(value, defaults[key])) out[key] = value;
  }
  return out;
}

/** A value as the page shows it: a select's option title, else the value itself. */
export function formatSettingValue(propertySchema: EditorSchema | undefined, value: unknown): string {
  const options = (propertySchema?.oneOf ?? propertySchema?.anyOf) as { const?: unknown; title?: string }[] | undefined;
  const option = Array.isArray(options) ? options.find((o) => o && typeof o === 'object' && o.const === value) : undefined;
  if (option?.title) return option.title;
  return value === undefined || value === null ? '' : String(value);
}

/** The uiSchema with each field's default shown under it ('Default: 0.95', appended to the
 * field's own `ui:help`). The defaults are the dataset's, known only once the page loaded. */
export function withDefaultHelp(schema: EditorSchema, uiSchema: EditorUiSchema | undefined, defaults: Record<string, unknown> | undefined): EditorUiSchema {
  const out: EditorUiSchema = { ...(uiSchema ?? {}) };
  if (!defaults) return out;
  const props = (schema.properties ?? {}) as Record<string, EditorSchema>;
  for (const [key, prop] of Object.entries(props)) {
    if (defaults[key] === undefined || defaults[key] === null) continue;
    // a list or an object (a checklist, a table) shows its default in its own control
    if (typeof defaults[key] === 'object') continue;
    const field = { ...((out[key] as Record<string, unknown> | undefined) ?? {}) };
    const own = typeof field['ui:help'] === 'string' && field['ui:help'] ? [field['ui:help']] : [];
    field['ui:help'] = [...own, `Default: ${formatSettingValue(prop, defaults[key])}`].join(' · ');
    out[key] = field;
  }
  return out;
}

/** True when the setting has a saved change (Remove Changes is offered). */
export function singleHasChanges(response: SingleSettingResponse | undefined): boolean {
  return !!(response?.changes?.hasChanges ?? response?.hasChanges);
}
