// The page every input editor shares (spec 2 §2 'Editor pages', §4 'Editors'): loads the
// scenario and the saved changes; shows the running notice instead of the form while the
// scenario runs; lists saved changes; adds a change for an HRU selection with the rjsf form;
// a fixed action bar with Save (enabled once the form changed and the selection is valid),
// Back to the scenario view and Remove Changes. A 401 shows the login prompt.
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ComponentType } from 'react';
import { ApiError } from '../api/client.ts';
import { useApiMutation, useApiQuery } from '../api/hooks.ts';
import { useLiveStatus } from '../live.ts';
import { MESSAGES } from '../messages.ts';
import type { PageProps } from '../plugin.ts';
import { Link } from '../routing.ts';
import { useRouteRef } from '../plugins.ts';
import { ROUTES } from '../routes.ts';
import { useSession } from '../session.tsx';
import { ErrorList } from '../ui/ErrorList.tsx';
import { PageLayout } from '../ui/PageLayout.tsx';
import { SuccessAlert } from '../ui/SuccessAlert.tsx';
import { fillPath } from './changes.ts';
import type { EditorFormHandle, EditorFormState } from './EditorForm.tsx';
import { LazyEditorForm } from './LazyEditorForm.tsx';
import { HruSelector, type SubbasinMapPickerProps } from './HruSelector.tsx';
import { EditorActionBar } from './EditorActionBar.tsx';
import { EDITOR_MESSAGES } from './messages.ts';
import { SavedChangesTable } from './SavedChangesTable.tsx';
import { SingleSettingEditor } from './SingleSettingEditor.tsx';
import { RecordListEditor } from './RecordListEditor.tsx';
import { HruDataEditor } from './HruDataEditor.tsx';
import { buildPath } from '../routes.ts';
import { emptySelection, saveBody, selectionProblem } from './selection.ts';
import type { EditorDefinition, HruSelection, SavedChange, ScenarioResponse } from './types.ts';

export type EditorPageProps = PageProps & {
  editor: EditorDefinition;
  /** A map picker for the HRU selector's subbasins (see HruSelector). */
  subbasinMap?: ComponentType<SubbasinMapPickerProps>;
  /** `records` editors: this is a record's page (its route holds the record's parameter), not the list */
  recordPage?: boolean;
};

type ScenarioStatusEvent = { scenarioID: number | string; isRunning: boolean; hasRun?: boolean; hasError?: boolean };

/** The login prompt of a data page answered 401 (the shell opens the login modal as well). */
export function LoginPrompt() {
  const session = useSession();
  return (
    <Alert color="yellow" title={MESSAGES.loginToContinue} data-testid="login-prompt">
      <Button size="xs" mt="xs" onClick={() => session.requestLogin(MESSAGES.loginToContinue)}>
        Log in
      </Button>
    </Alert>
  );
}

type RecordSummary = { id: number; name: string; description?: string };

/** A record page's heading: `Elem-N (1)` and its description. */
function RecordHeading({ record }: { record?: RecordSummary }) {
  if (!record) return null;
  return (
    <Stack gap={2} data-testid="record-heading">
      <Title order={3}>
        {record.name} ({record.id})
      </Title>
      {record.description && <Text c="dimmed">{record.description}</Text>}
    </Stack>
  );
}

export function EditorPage({ editor, params, subbasinMap, recordPage }: EditorPageProps) {
  const projectID = params.id ?? '';
  const scenarioID = params.scenarioID ?? '';
  const scenarioPath = `scenarios/${scenarioID}`;
  const modsPath = `scenarios/getmods/${scenarioID}/${editor.modTable}`;
  // The scenario view is another plugin's page: linked by reference, not drawn when it is off.
  const scenarioView = useRouteRef(ROUTES.ScenarioView);
  const backTo = projectID && scenarioID ? scenarioView?.({ id: projectID, scenarioID }) : undefined;
  const client = useQueryClient();

  const scenarioQ = useApiQuery<ScenarioResponse>(scenarioPath);
  // A one-setting editor loads its own call instead of the saved-changes list.
  const single = editor.mode === 'single';
  // A records editor lists its records (and each record page loads its own) instead.
  const records = editor.mode === 'records';
  // an hru-data or custom editor loads its own calls (the hru-data page lists the changes itself)
  const ownCalls = single || records || editor.mode === 'hru-data' || editor.mode === 'custom';
  const modsQ = useApiQuery<SavedChange[]>(ownCalls ? null : modsPath);
  const running = !!scenarioQ.data?.status?.isRunning;
  const reloadScenario = useCallback(
    () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && (q.queryKey[1] === scenarioPath || q.queryKey[1] === modsPath) }),
    [client, scenarioPath, modsPath],
  );
  // A run that starts or ends while the page is open swaps the form and the notice.
  useLiveStatus<ScenarioStatusEvent>(scenarioID ? `scenario:${scenarioID}` : null, 'scenario-status', (e) => {
    if (String(e.scenarioID) === String(scenarioID) && e.isRunning !== running) void reloadScenario();
  });

  const [selection, setSelection] = useState<HruSelection>(emptySelection);
  const [form, setForm] = useState<EditorFormState>({ dirty: false, values: {}, formData: {} });
  const [formKey, setFormKey] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const handle = useRef<EditorFormHandle | null>(null);
  const closeSaved = useCallback(() => setSaved(false), []);

  const saveMutation = useApiMutation<ReturnType<typeof saveBody>>('POST', fillPath(editor.saveUrl, { scenarioID, modTable: editor.modTable }), {
    invalidate: [modsPath, scenarioPath],
    onSuccess: () => {
      setSaved(true);
      setForm({ dirty: false, values: {}, formData: {} });
      setFormKey((k) => k + 1);
    },
  });
  const removeAll = useApiMutation('DELETE', `scenarios/deletemodtype/${scenarioID}/${editor.modTable}`, {
    invalidate: [modsPath, scenarioPath],
  });

  const problem = selectionProblem(editor.selection, selection);
  const canSave = form.dirty && !problem && !saveMutation.isPending;

  const save = () => {
    if (!canSave) return;
    setFormError(null);
    setSaved(false);
    if (handle.current && !handle.current.validate()) {
      setFormError(MESSAGES.fixErrors);
      return;
    }
    const modificationObject = editor.toModificationObject ? editor.toModificationObject(form.values, form.formData) : form.values;
    saveMutation.mutate(saveBody(editor.selection, selection, modificationObject));
  };

  const loadError = scenarioQ.error ?? modsQ.error;
  const unauthorized = loadError instanceof ApiError && loadError.status === 401;
  const data = scenarioQ.data;
  const subtitle = data ? `${data.project?.name ?? ''}${data.project?.name ? ' · ' : ''}${data.scenario?.name ?? ''}` : undefined;
  const back = backTo ? (
    <Button variant="default" component={Link} to={backTo}>
      Back to the scenario view
    </Button>
  ) : null;

  let body;
  if (unauthorized) body = <LoginPrompt />;
  else if (scenarioQ.isLoading || (!ownCalls && modsQ.isLoading && !running))
    body = (
      <Center p="xl" data-testid="editor-loading">
        <Loader />
      </Center>
    );
  else if (scenarioQ.error || !data) body = <ErrorList error={scenarioQ.error ?? MESSAGES.generic} />;
  else if (String(data.scenario.projectID) !== String(projectID)) body = <ErrorList error={EDITOR_MESSAGES.invalidScenario} />;
  else if (running)
    body = (
      <Stack>
        <Alert color="blue" title="Scenario running" data-testid="page-running">
          {EDITOR_MESSAGES.pageRunning}
        </Alert>
        <Group>{back}</Group>
      </Stack>
    );
  else if (single) body = <SingleSettingEditor editor={editor} params={params} scenarioPath={scenarioPath} back={back} loginPrompt={<LoginPrompt />} />;
  else if (editor.mode === 'hru-data') body = <HruDataEditor editor={editor} params={params} scenarioPath={scenarioPath} back={back} loginPrompt={<LoginPrompt />} subbasinMap={subbasinMap} />;
  else if (editor.mode === 'custom' && editor.body) {
    const Body = editor.body;
    body = <Body editor={editor} params={params} scenarioPath={scenarioPath} back={back} loginPrompt={<LoginPrompt />} scenario={data} />;
  }
  else if (records && recordPage) {
    const list = projectID && scenarioID ? buildPath(editor.route, { id: projectID, scenarioID }) : undefined;
    const noun = editor.records?.noun ?? 'record';
    body = (
      <SingleSettingEditor
        editor={editor}
        params={params}
        scenarioPath={scenarioPath}
        back={
          <>
            {list && (
              <Button variant="default" component={Link} to={list}>
                Back to the {noun} list
              </Button>
            )}
            {back}
          </>
        }
        loginPrompt={<LoginPrompt />}
        removeChange
        invalidate={[fillPath(editor.records?.listUrl ?? '', { ...params, modTable: editor.modTable })]}
        heading={(setting) => <RecordHeading record={(setting as { record?: RecordSummary }).record} />}
      />
    );
  } else if (records) body = <RecordListEditor editor={editor} params={params} scenarioPath={scenarioPath} back={back} loginPrompt={<LoginPrompt />} />;
  else {
    const mods = modsQ.data ?? [];
    body = (
      <Stack gap="lg">
        {editor.intro && (typeof editor.intro === 'string' ? <Text>{editor.intro}</Text> : editor.intro)}
        <ErrorList error={modsQ.error} />
        <Stack gap="xs">
          <Title order={4}>Saved changes</Title>
          <SavedChangesTable changes={mods} describeChange={editor.describeChange} invalidate={[modsPath, scenarioPath]} />
        </Stack>
        <Stack gap="sm">
          <Title order={4}>Add a change</Title>
          {editor.selection !== 'none' && (
            <HruSelector projectID={projectID} mode={editor.selection} value={selection} onChange={setSelection} subbasinMap={subbasinMap} disabled={saveMutation.isPending} />
          )}
          <LazyEditorForm
            formKey={formKey}
            schema={editor.schema}
            uiSchema={editor.uiSchema}
            widgets={editor.widgets}
            fields={editor.fields}
            disabled={saveMutation.isPending}
            handle={handle}
            onChange={setForm}
            onSubmit={save}
          />
        </Stack>
        <SuccessAlert show={saved} onClose={closeSaved} />
        <ErrorList error={formError ?? saveMutation.error} />
        <EditorActionBar canSave={canSave} saving={saveMutation.isPending} onSave={save} saveProblem={problem} back={back} canRemove={mods.length > 0} remove={removeAll} />
      </Stack>
    );
  }

  return (
    <PageLayout title={editor.title} documentTitle={editor.title}>
      {subtitle && (
        <Text c="dimmed" mt={-12}>
          {subtitle}
        </Text>
      )}
      {body}
    </PageLayout>
  );
}
