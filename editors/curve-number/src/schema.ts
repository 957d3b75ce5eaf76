// One saved change of the curve number editor (spec 2 §4 'Curve number: one percent change of
// CN2'; §3 'Curve number change: value (percent)'), as plain JSON. The form (rjsf + ajv)
// validates it in the browser; platform-api validates the same schema when the change is saved.
// Spec 2 §5: required, -10 to 10, zero refused with its own message (`not: { const: 0 }` says
// the spec's zero message in the form and in platform-api alike).
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';

/** The change as saved: CN2 (and the operations' CNOP) change by `value` percent. */
export type Cn2Change = { value: number };

export const schema: EditorSchema = {
  type: 'object',
  required: ['value'],
  properties: {
    value: {
      type: 'number',
      title: 'CN2 percent change',
      description: 'Percent change of the SCS curve number (CN2) of the selected HRUs, -10 to 10.',
      minimum: -10,
      maximum: 10,
      not: { const: 0 },
    },
  },
};

export const uiSchema: EditorUiSchema = {
  value: { 'ui:widget': 'sliderNumber' },
};
