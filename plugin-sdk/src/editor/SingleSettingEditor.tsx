// The body of a one-setting editor page (`mode: 'single'`, spec 2 §4 'Basin'): no saved-changes
// list and no HRU selector — the table holds one setting for the whole scenario. The form starts
// from the values in effect (`GET {url}` → item), shows each field's default (the dataset's
// value), keeps Save disabled until a value changes, posts the changed and non-default values
// as numbers to `{url}`, says 'Changes saved.' and reloads; Remove Changes deletes the table's
// change (the dataset's values are back). EditorPage keeps the scenario checks around it.
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { useApiMutation, useApiQuery } from '../api/hooks.ts';
import { MESSAGES } from '../messages.ts';
import type { RouteParams } from '../manifest.ts';
import type { TabsFormContext } from './templates.tsx';
import { ErrorList } from '../ui/ErrorList.tsx';
import { SuccessAlert } from '../ui/SuccessAlert.tsx';
import { fillPath } from './changes.ts';
import type { EditorFormHandle, EditorFormState } from './EditorForm.tsx';
import { LazyEditorForm } from './LazyEditorForm.tsx';
import { EditorActionBar } from './EditorActionBar.tsx';
import { EDITOR_MESSAGES } from './messages.ts';
import { singleHasChanges, singleSaveValues, withDefaultHelp, type SingleSettingResponse } from './single.ts';
import type { EditorDefinition } from './types.ts';


export type SingleSettingEditorProps = {
  editor: EditorDefinition;
  params: RouteParams;
  /** invalidated with the setting after a save or removal (the scenario's modTables change) */
  scenarioPath: string;
  /** the 'Back to the scenario view' button */
  back: ReactNode;
  /** shown when the setting's call answers 401 */
  loginPrompt: ReactNode;
  /** Remove Changes removes the setting's one saved change (`DELETE scenarios/deletemod/{changes.modID}`:
   * a record of a records editor) instead of every change of the table */
  removeChange?: boolean;
  /** more query paths reloaded after a save or removal (a records editor's list) */
  invalidate?: string[];
  /** shown above the form, from the setting's answer (a record's name) */
  heading?: (setting: SingleSettingResponse) => ReactNode;
};

/** What a one-setting page puts in rjsf's form context, for the SDK's fields (HRU print table,
 * value table) and an editor's own: the GET answer, the route's params, and Remove Changes. */
export type SettingFormContext = TabsFormContext & {
  setting?: SingleSettingResponse;
  params?: RouteParams;
  /** removes the saved change(s) (as Remove Changes, without asking) */
  remove?: () => void;
  removing?: boolean;
};

const CLEAN: EditorFormState = { dirty: false, values: {}, formData: {} };

export function SingleSettingEditor({ editor, params, scenarioPath, back, loginPrompt, removeChange, invalidate = [], heading }: SingleSettingEditorProps) {
  const url = fillPath(editor.url ?? '', { ...params, modTable: editor.modTable });
  const settingQ = useApiQuery<SingleSettingResponse>(url);
  const [form, setForm] = useState<EditorFormState>(CLEAN);
  const [formKey, setFormKey] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const handle = useRef<EditorFormHandle | null>(null);
  // The form is remounted after a save: the open tab is kept here, not in the form.
  const [tab, setTab] = useState<string | null>(null);
  const closeSaved = useCallback(() => setSaved(false), []);
  // After a save or removal the form starts again from the reloaded values in effect.
  const reset = () => {
    setForm(CLEAN);
    setFormKey((k) => k + 1);
  };

  const saveMutation = useApiMutation<Record<string, unknown>>('POST', url, {
    invalidate: [url, scenarioPath, ...invalidate],
    onSuccess: () => {
      setSaved(true);
      reset();
    },
  });
  const data = settingQ.data;
  const removePath = removeChange ? `scenarios/deletemod/${data?.changes?.modID ?? ''}` : `scenarios/deletemodtype/${params.scenarioID ?? ''}/${editor.modTable}`;
  const removeAll = useApiMutation('DELETE', removePath, {
    invalidate: [url, scenarioPath, ...invalidate],
    onSuccess: () => reset(),
  });
  const formContext = useMemo<SettingFormContext>(
    () => ({ tab, onTabChange: setTab, setting: data, params, remove: () => removeAll.mutate(undefined), removing: removeAll.isPending }),
    // removeAll is a new object every render; its mutate and isPending are what the fields use
    [tab, data, params, removeAll.mutate, removeAll.isPending],
  );
  const uiSchema = useMemo(() => withDefaultHelp(editor.schema, editor.uiSchema, data?.default), [editor.schema, editor.uiSchema, data?.default]);
  const canSave = form.dirty && !saveMutation.isPending;

  const save = () => {
    if (!canSave) return;
    setFormError(null);
    setSaved(false);
    if (handle.current && !handle.current.validate()) {
      setFormError(MESSAGES.fixErrors);
      return;
    }
    const values = singleSaveValues(editor.schema, form.formData, form.values, data?.default);
    saveMutation.mutate(editor.toModificationObject ? editor.toModificationObject(values, form.formData) : values);
  };

  if (settingQ.error instanceof ApiError && settingQ.error.status === 401) return <>{loginPrompt}</>;
  if (settingQ.isLoading)
    return (
      <Center p="xl" data-testid="editor-loading">
        <Loader />
      </Center>
    );
  if (settingQ.error || !data) return <ErrorList error={settingQ.error ?? MESSAGES.generic} />;

  const hasChanges = singleHasChanges(data);
  return (
    <Stack gap="lg">
      {editor.intro && (typeof editor.intro === 'string' ? <Text>{editor.intro}</Text> : editor.intro)}
      {heading?.(data)}
      <LazyEditorForm
        formKey={formKey}
        schema={editor.schema}
        uiSchema={uiSchema}
        widgets={editor.widgets}
        fields={editor.fields}
        formContext={formContext}
        initialFormData={data.item}
        disabled={saveMutation.isPending}
        handle={handle}
        onChange={setForm}
        onSubmit={save}
      />
      <SuccessAlert show={saved} onClose={closeSaved} />
      <ErrorList error={formError ?? saveMutation.error} />
      <EditorActionBar
        canSave={canSave}
        saving={saveMutation.isPending}
        onSave={save}
        back={back}
        canRemove={hasChanges}
        remove={removeAll}
        confirmText={removeChange ? EDITOR_MESSAGES.confirmRemoveRecord : undefined}
      />
    </Stack>
  );
}
