// One saved change of the curve number editor (spec 2 §4 'Curve number: one percent change of
// CN2'; §3 'Curve number change: value (percent)'), as plain JSON. The form (rjsf + ajv)
// validates it in the browser; platform-api validates the same schema when the change is saved.
// Spec 2 §5: required, -10 to 10, zero refused with its own message. The zero message is given
// as `messages.not` too: the form would find it by itself (`not: { const: 0 }`), the server
// only knows a field's own `messages`.
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';
// A deep import: the server half loads this file in platform-api, where the SDK's index (React,
// Mantine) must not be loaded. messages.ts has no imports.
import { EDITOR_MESSAGES } from '@headwater/plugin-sdk/editor/messages.ts';

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
      messages: { not: EDITOR_MESSAGES.zeroNoChange },
    },
  },
};

export const uiSchema: EditorUiSchema = {
  value: { 'ui:widget': 'sliderNumber' },
};
