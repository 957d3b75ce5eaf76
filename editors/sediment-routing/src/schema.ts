// One saved change of the sediment routing editor (spec 2 §4 'Sediment routing: choose a channel
// equation; subbasin-only selection'; §3 'Sediment routing change: value CH_EQN'; §5 'chEqn
// required'; §9 the five CH_EQN options), as plain JSON: the form (rjsf + ajv) validates it in the
// browser and platform-api validates the same schema when the change is saved.
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';

/** The change as saved: the reaches of the selected subbasins route sediment with CH_EQN `value`. */
export type RteChEqnChange = { value: number };

/** Spec 2 §9, verbatim. */
export const CH_EQN_OPTIONS = [
  { value: 0, label: 'Simplified Bagnold (default)' },
  { value: 1, label: 'Bagnold by particle size' },
  { value: 2, label: 'Kodatie' },
  { value: 3, label: 'Molinas and Wu' },
  { value: 4, label: 'Yang sand and gravel' },
] as const;

/** Ours: the spec gives no wording for a code outside the list. */
export const NOT_AN_OPTION = 'Choose a channel equation from the list.';

export const schema: EditorSchema = {
  type: 'object',
  required: ['value'],
  properties: {
    value: {
      type: 'integer',
      title: 'Channel sediment routing method (CH_EQN)',
      description: 'How the main channel of each selected subbasin routes sediment: its transport capacity, deposition and bank and bed erosion.',
      // a plain enum with its labels in the uiSchema: one check, one message for a code outside it
      enum: CH_EQN_OPTIONS.map((o) => o.value),
      messages: { enum: NOT_AN_OPTION },
    },
  },
};

export const uiSchema: EditorUiSchema = {
  value: { 'ui:enumNames': CH_EQN_OPTIONS.map((o) => `${o.value} ${o.label}`) },
};

/** The saved-changes table's text of a change: '2 Kodatie'. */
export function describeChEqn(change: Partial<RteChEqnChange>): string {
  const o = CH_EQN_OPTIONS.find((x) => x.value === change.value);
  return o ? `${o.value} ${o.label}` : String(change.value ?? '');
}
