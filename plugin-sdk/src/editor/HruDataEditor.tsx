// The body of an editor that edits ONE HRU's inputs and applies them to a selection (`mode:
// 'hru-data'`; spec 2 §2 'General management' and 'Operations management', §4 'Operations
// editor'): pick exactly one HRU (lists or map), press Get data ('Please select an HRU and try
// again.' without one) — `GET {url}` with the HRU's subbasin name, land use, soil and slope filled
// in answers `{ item, ...lists }` — then the selector collapses to the HRU with Select another HRU
// and Hide form; the form starts from `item` (its answer is the form context of the editor's own
// fields); Save applies the change to the HRUs chosen with a second selector (the picked HRU by
// default). Saved changes are listed above, as on every editor page. EditorPage keeps the
// scenario checks (login prompt, running notice, project) around it.
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { useApiMutation, useApiQuery } from '../api/hooks.ts';
import { MESSAGES } from '../messages.ts';
import type { RouteParams } from '../manifest.ts';
import { ErrorList } from '../ui/ErrorList.tsx';
import { SuccessAlert } from '../ui/SuccessAlert.tsx';
import { fillPath } from './changes.ts';
import type { EditorFormHandle, EditorFormState } from './EditorForm.tsx';
import { EditorActionBar } from './EditorActionBar.tsx';
import { HruSelector, type SubbasinMapPickerProps } from './HruSelector.tsx';
import { LazyEditorForm } from './LazyEditorForm.tsx';
import { EDITOR_MESSAGES } from './messages.ts';
import { SavedChangesTable } from './SavedChangesTable.tsx';
import { emptySelection, saveBody, selectionProblem } from './selection.ts';
import type { EditorDefinition, HruSelection, SavedChange } from './types.ts';
import type { ComponentType } from 'react';

/** The HRU a page shows: the values its url is filled with. */
export type PickedHru = { subbasinName: string; subbasinId: number; landuse: string; soil: string; slope: string };

/** What an `hru-data` page puts in rjsf's form context: the GET answer, the HRU and the route. */
export type HruDataFormContext = { data?: Record<string, unknown>; hru?: PickedHru; params?: RouteParams; scenarioID?: string };

export type HruDataEditorProps = {
  editor: EditorDefinition;
  params: RouteParams;
  scenarioPath: string;
  back: ReactNode;
  loginPrompt: ReactNode;
  subbasinMap?: ComponentType<SubbasinMapPickerProps>;
};

const CLEAN: EditorFormState = { dirty: false, values: {}, formData: {} };

/** The url of one HRU's data. */
export function hruDataUrl(template: string, scenarioID: string, hru: PickedHru): string {
  return fillPath(template, { scenarioID, subbasinName: hru.subbasinName, subbasin: hru.subbasinName, landuse: hru.landuse, soil: hru.soil, slope: hru.slope });
}

export function HruDataEditor({ editor, params, scenarioPath, back, loginPrompt, subbasinMap }: HruDataEditorProps) {
  const projectID = params.id ?? '';
  const scenarioID = params.scenarioID ?? '';
  const modsPath = `scenarios/getmods/${scenarioID}/${editor.modTable}`;
  const modsQ = useApiQuery<SavedChange[]>(modsPath);

  // step 1: exactly one HRU
  const [pick, setPick] = useState<HruSelection>(emptySelection);
  const [pickNames, setPickNames] = useState<string[]>([]);
  const [pickError, setPickError] = useState<string | null>(null);
  const [hru, setHru] = useState<PickedHru | null>(null);
  const [showForm, setShowForm] = useState(true);
  // step 3: the HRUs the change applies to (the picked HRU unless the user widens it)
  const [target, setTarget] = useState<HruSelection>(emptySelection);

  const url = hru ? hruDataUrl(editor.url ?? '', scenarioID, hru) : null;
  const dataQ = useApiQuery<Record<string, unknown>>(url);
  const [form, setForm] = useState<EditorFormState>(CLEAN);
  const [formKey, setFormKey] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const handle = useRef<EditorFormHandle | null>(null);
  const closeSaved = useCallback(() => setSaved(false), []);

  const getData = () => {
    if (selectionProblem('single-hru', pick)) {
      setPickError(EDITOR_MESSAGES.selectOneHru);
      return;
    }
    setPickError(null);
    const next: PickedHru = { subbasinName: pickNames[0] ?? String(pick.subbasins[0]), subbasinId: pick.subbasins[0]!, landuse: pick.landuses[0]!, soil: pick.soils[0]!, slope: pick.slopes[0]! };
    setHru(next);
    setShowForm(true);
    setForm(CLEAN);
    setFormKey((k) => k + 1);
    setTarget({ applyToAll: false, subbasins: [next.subbasinId], landuses: [next.landuse], soils: [next.soil], slopes: [next.slope], months: [] });
  };
  const another = () => {
    setHru(null);
    setForm(CLEAN);
    setFormError(null);
  };

  const saveMutation = useApiMutation<ReturnType<typeof saveBody>>('POST', fillPath(editor.saveUrl, { scenarioID, modTable: editor.modTable }), {
    invalidate: [modsPath, scenarioPath, ...(url ? [url] : [])],
    onSuccess: () => {
      setSaved(true);
      setForm(CLEAN);
      setFormKey((k) => k + 1);
    },
  });
  const removeAll = useApiMutation('DELETE', `scenarios/deletemodtype/${scenarioID}/${editor.modTable}`, {
    invalidate: [modsPath, scenarioPath, ...(url ? [url] : [])],
    onSuccess: () => setFormKey((k) => k + 1),
  });

  const data = dataQ.data;
  const item = useMemo(() => (data?.item ?? {}) as Record<string, unknown>, [data]);
  const formContext = useMemo<HruDataFormContext>(() => ({ data, hru: hru ?? undefined, params, scenarioID }), [data, hru, params, scenarioID]);
  const targetProblem = selectionProblem('hru', target);
  const canSave = !!hru && !!data && form.dirty && !targetProblem && !saveMutation.isPending;

  const save = () => {
    if (!canSave) return;
    setFormError(null);
    setSaved(false);
    if (handle.current && !handle.current.validate()) {
      setFormError(MESSAGES.fixErrors);
      return;
    }
    const blocked = editor.validate?.(form.formData);
    if (blocked) {
      setFormError(blocked);
      return;
    }
    const modificationObject = editor.toModificationObject ? editor.toModificationObject(form.values, form.formData) : form.values;
    saveMutation.mutate(saveBody('hru', target, modificationObject));
  };

  if (modsQ.error instanceof ApiError && modsQ.error.status === 401) return <>{loginPrompt}</>;
  if (dataQ.error instanceof ApiError && dataQ.error.status === 401) return <>{loginPrompt}</>;
  const mods = modsQ.data ?? [];

  return (
    <Stack gap="lg">
      {editor.intro && (typeof editor.intro === 'string' ? <Text>{editor.intro}</Text> : editor.intro)}
      <ErrorList error={modsQ.error} />
      <Stack gap="xs">
        <Title order={4}>Saved changes</Title>
        <SavedChangesTable changes={mods} describeChange={editor.describeChange} invalidate={[modsPath, scenarioPath, ...(url ? [url] : [])]} />
      </Stack>
      {!hru ? (
        <Stack gap="sm" data-testid="hru-pick">
          <Title order={4}>Select an HRU</Title>
          <HruSelector
            projectID={projectID}
            mode="single-hru"
            value={pick}
            onChange={(s, d) => {
              setPick(s);
              setPickNames(d.subbasinNames);
              if (!selectionProblem('single-hru', s)) setPickError(null);
            }}
            subbasinMap={subbasinMap}
          />
          <Group>
            <Button onClick={getData}>Get data</Button>
          </Group>
          <ErrorList error={pickError} />
        </Stack>
      ) : (
        <Paper withBorder p="sm" data-testid="hru-picked">
          <Group justify="space-between">
            <Group gap="xs">
              <Text fw={500}>HRU</Text>
              <Badge variant="light">Subbasin {hru.subbasinName}</Badge>
              <Badge variant="light">{hru.landuse}</Badge>
              <Badge variant="light">{hru.soil}</Badge>
              <Badge variant="light">{hru.slope}</Badge>
            </Group>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={another}>
                Select another HRU
              </Button>
              <Button variant="default" size="xs" onClick={() => setShowForm((v) => !v)}>
                {showForm ? 'Hide form' : 'Show form'}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {hru && dataQ.isLoading && <Text c="dimmed">Loading the HRU's data…</Text>}
      {hru && <ErrorList error={dataQ.error} />}
      {hru && data && (
        <>
          <div style={{ display: showForm ? undefined : 'none' }} data-testid="hru-form">
            <LazyEditorForm
              formKey={formKey}
              schema={editor.schema}
              uiSchema={editor.uiSchema}
              widgets={editor.widgets}
              fields={editor.fields}
              formContext={formContext}
              initialFormData={item}
              disabled={saveMutation.isPending}
              handle={handle}
              onChange={setForm}
              onSubmit={save}
            />
          </div>
          <Stack gap="sm" data-testid="hru-apply">
            <Title order={4}>Apply to HRUs</Title>
            <Text size="sm" c="dimmed">
              The change applies to the HRU above; choose more subbasins, land uses, soils and slopes (or all HRUs) to apply it to them too.
            </Text>
            <HruSelector projectID={projectID} mode="hru" value={target} onChange={setTarget} subbasinMap={subbasinMap} disabled={saveMutation.isPending} />
          </Stack>
        </>
      )}
      <SuccessAlert show={saved} onClose={closeSaved} />
      <ErrorList error={formError ?? saveMutation.error} />
      <EditorActionBar canSave={canSave} saving={saveMutation.isPending} onSave={save} saveProblem={!hru ? EDITOR_MESSAGES.selectOneHru : targetProblem} back={back} canRemove={mods.length > 0} remove={removeAll} />
    </Stack>
  );
}
