// One saved change of Operations management (its `modificationObject`) as plain JSON: the form validates it in
// the browser and platform-api validates the same schema on save, with the same messages
// ('Required', 'Must be between -10 and 10', a field's own `messages: { keyword: text }`).
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';

/** One saved change: the keys of the schema's properties. */
export type OperationsmanagementChange = { value: number };

export const schema: EditorSchema = {
  type: 'object',
  required: ['value'],
  properties: {
    value: { type: 'number', title: 'Percent change', description: 'Change of the input in percent, -10 to 10.', minimum: -10, maximum: 10 },
  },
};

/** Widgets by name (`"ui:widget": "sliderNumber"`); `"ui:options": { "gridCols": 3 }` for columns. */
export const uiSchema: EditorUiSchema = { value: { 'ui:widget': 'sliderNumber' } };
