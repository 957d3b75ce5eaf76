// The rjsf form of an editor, with the Mantine theme (@rjsf/mantine), the SDK's widgets by
// name and the spec's error messages. This module is loaded lazily by EditorPage: rjsf and ajv
// are fetched with the first editor page, not with the shell.
import { withTheme } from '@rjsf/core';
import { Theme as MantineTheme } from '@rjsf/mantine';
import { getDefaultFormState, type RJSFValidationError } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useCallback, useImperativeHandle, useMemo, useRef, type RefObject } from 'react';
import type Form from '@rjsf/core';
import { changedFields } from './changes.ts';
import { transformErrors } from './validateChange.ts';
import { ObjectFieldTemplate } from './templates.tsx';
import type { EditorSchema, EditorUiSchema, RegisteredComponents } from './types.ts';
import { EDITOR_WIDGETS } from './widgets.tsx';
import { EDITOR_FIELDS } from './fields.tsx';

/** The Headwater rjsf theme: Mantine templates and widgets plus the SDK's named widgets and its
 * object template (tabs by `ui:options.tabs`). */
export const HeadwaterForm = withTheme({
  ...MantineTheme,
  widgets: { ...MantineTheme.widgets, ...EDITOR_WIDGETS },
  fields: { ...MantineTheme.fields, ...EDITOR_FIELDS },
  templates: { ...MantineTheme.templates, ObjectFieldTemplate },
});

export type EditorFormState = { dirty: boolean; values: Record<string, unknown>; formData: Record<string, unknown> };
export type EditorFormHandle = { validate(): boolean };

export type EditorFormProps = {
  schema: EditorSchema;
  uiSchema?: EditorUiSchema;
  widgets?: RegisteredComponents;
  fields?: RegisteredComponents;
  /** rjsf's form context, read by templates and widgets (the tabs keep their open tab in it). */
  formContext?: Record<string, unknown>;
  /** Initial values on top of the schema defaults. Remount (key) to reset. */
  initialFormData?: Record<string, unknown>;
  disabled?: boolean;
  handle: RefObject<EditorFormHandle | null>;
  onChange: (state: EditorFormState) => void;
  /** Enter in a field: the page decides whether it may save. */
  onSubmit: () => void;
};

export default function EditorForm({ schema, uiSchema, widgets, fields, formContext, initialFormData, disabled, handle, onChange, onSubmit }: EditorFormProps) {
  const form = useRef<Form<Record<string, unknown>>>(null);
  const initial = useMemo(
    () => (getDefaultFormState(validator, schema, initialFormData ?? {}, schema) ?? {}) as Record<string, unknown>,
    [schema, initialFormData],
  );
  useImperativeHandle(handle, () => ({ validate: () => form.current?.validateForm() ?? false }), []);
  const transform = useCallback((errors: RJSFValidationError[]) => transformErrors(errors, schema), [schema]);
  return (
    <HeadwaterForm
      ref={form}
      schema={schema}
      uiSchema={uiSchema}
      widgets={widgets}
      fields={fields}
      formContext={formContext}
      validator={validator}
      initialFormData={initial}
      disabled={disabled}
      liveValidate="onChange"
      showErrorList={false}
      noHtml5Validate
      transformErrors={transform}
      onChange={(e) => {
        const formData = (e.formData ?? {}) as Record<string, unknown>;
        onChange({ ...changedFields(initial, formData, schema), formData });
      }}
      onSubmit={() => onSubmit()}
      // The errors show on their fields; the page shows 'Please fix the errors below…'.
      onError={() => {}}
    >
      <></>
    </HeadwaterForm>
  );
}
