// Validates one change against an editor schema the way the form does (ajv through rjsf's
// validator, then the spec's messages) and answers `{ field: [messages] }` — for editor tests
// and scripts. Not exported from the SDK's index: importing it loads ajv
// (`import { validateChange } from '@headwater/plugin-sdk/editor/validate.ts'`).
import validator from '@rjsf/validator-ajv8';
import { createTransformErrors } from './transformErrors.ts';
import type { EditorSchema } from './types.ts';

export function validateChange(schema: EditorSchema, formData: Record<string, unknown>): Record<string, string[]> {
  const { errors } = validator.validateFormData(formData, schema, undefined, createTransformErrors(schema));
  const out: Record<string, string[]> = {};
  for (const e of errors) (out[(e.property ?? '').replace(/^\./, '')] ??= []).push(e.message ?? '');
  return out;
}
