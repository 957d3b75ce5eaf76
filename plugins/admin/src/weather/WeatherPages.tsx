// Weather datasets (spec 3 §2.3 weather pages, §3 Weather dataset, §4, §5): the list
// (AdminWeatherList) with create; the create page 'Create a new weather dataset' (the station
// files must already be on the server, under the main weather directory); the edit page with
// dates as YYYY-MM-DD, 'Changes saved.' for 3 seconds, and (Admin only) Delete with a dialog
// saying the action is permanent. The server reads and checks the station files and answers
// problems by file and line (shown under 'Path to files').
import { Alert, Button, Checkbox, Group, List, MultiSelect, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog, DataGrid, ErrorList, Link, PageLayout, ROUTES, RouteLink, SuccessAlert, api, queryFallback, useAction, useApiQuery, useLinks, useNavigate, useSession, type GridColumn, type PageProps } from '@headwater/plugin-sdk';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../common/FormActions.tsx';
import { useFormErrors } from '@headwater/plugin-sdk';

type WeatherRow = { id: number; name: string; isActive: boolean; pathToFiles: string; startDate: string; endDate: string; fileFormat: number; cmipVersion: number | null; sortOrder: number };
type Choices = { datasets: { value: number; text: string }[]; fileFormats: { value: number; text: string }[] };
type WeatherFields = {
  name: string;
  pathToFiles: string;
  startDate: string;
  endDate: string;
  fileFormat: number;
  cmipVersion: number | '';
  sortOrder: number | '';
  isActive: boolean;
  overrideDatasetPath: boolean;
  canUseLowerResolution: boolean;
  isInSharedLocation: boolean;
  hasIclusFolder: boolean;
  datasetIDs: number[];
};
type WeatherDetail = WeatherFields & Choices & { id: number; hasPcp: boolean; hasTmp: boolean; hasSlr: boolean; hasHmd: boolean; hasWnd: boolean; nrtot: number | null; nttot: number | null; nstot: number | null; nhtot: number | null; nwtot: number | null };

const FORMAT_LABEL: Record<number, string> = { 1: 'Own format', 2: 'SWAT', 3: 'Original' };
const COLUMNS: GridColumn<WeatherRow>[] = [
  {
    key: 'name',
    title: 'Name',
    sortable: true,
    render: (w) => (
      <RouteLink to={ROUTES.AdminWeather} params={{ id: w.id }} plain data-testid={`weather-link-${w.id}`}>
        {w.name}
      </RouteLink>
    ),
  },
  { key: 'isActive', title: 'Active', sortable: true, render: (w) => (w.isActive ? 'Yes' : 'No') },
  { key: 'pathToFiles', title: 'Path to files', sortable: true },
  { key: 'startDate', title: 'Start date', sortable: true },
  { key: 'endDate', title: 'End date', sortable: true },
  { key: 'fileFormat', title: 'File format', sortable: true, render: (w) => FORMAT_LABEL[w.fileFormat] ?? String(w.fileFormat) },
  { key: 'cmipVersion', title: 'CMIP version', sortable: true, render: (w) => (w.cmipVersion ? String(w.cmipVersion) : '') },
  { key: 'sortOrder', title: 'Sort order', sortable: true, align: 'right' },
];

/** The grid and records of this page family read again after a change (react-query keeps pages). */
const refreshAll = (client: ReturnType<typeof useQueryClient>) => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && String(q.queryKey[1]).startsWith('admin/weather') });

export function WeatherListPage() {
  const link = useLinks();
  const create = link(ROUTES.AdminWeatherCreate);
  return (
    <PageLayout
      title="Weather datasets"
      actions={
        create && (
          <Button component={Link} to={create} size="xs">
            Create a new weather dataset
          </Button>
        )
      }
    >
      <DataGrid<WeatherRow> api="admin/weather" items="weather datasets" columns={COLUMNS} rowKey={(w) => w.id} perPage={50} defaultSort="sortOrder" />
    </PageLayout>
  );
}

const EMPTY: WeatherFields = { name: '', pathToFiles: '', startDate: '', endDate: '', fileFormat: 2, cmipVersion: '', sortOrder: 0, isActive: true, overrideDatasetPath: false, canUseLowerResolution: false, isInSharedLocation: false, hasIclusFolder: false, datasetIDs: [] };

export function WeatherCreatePage(_props: PageProps) {
  const choices = useApiQuery<Choices>('admin/weather/options');
  const fallback = queryFallback(choices, 'Create a new weather dataset');
  if (fallback) return fallback;
  return (
    <PageLayout title="Create a new weather dataset" actions={<RouteLink to={ROUTES.AdminWeatherList}>Back to weather datasets</RouteLink>}>
      <Alert color="blue" mb="md">
        The station files must already be on the server, in a folder under the main weather directory (DATA_DIR/weather). Give that folder as the path to files. SWAT station files are read: .pcp, .tmp (required) and .slr, .hmd, .wnd.
      </Alert>
      <WeatherForm initial={{ ...EMPTY, datasetIDs: choices.data!.datasets.map((d) => d.value) }} choices={choices.data!} />
    </PageLayout>
  );
}

export function WeatherPage({ params }: PageProps) {
  const id = Number(params.id);
  const detail = useApiQuery<WeatherDetail>(`admin/weather/${id}`);
  const [saved, setSaved] = useState(false);
  const fallback = queryFallback(detail, 'Weather dataset');
  if (fallback) return fallback;
  const d = detail.data!;
  const fields: WeatherFields = {
    name: d.name,
    pathToFiles: d.pathToFiles,
    startDate: d.startDate,
    endDate: d.endDate,
    fileFormat: d.fileFormat,
    cmipVersion: d.cmipVersion ?? '',
    sortOrder: d.sortOrder,
    isActive: d.isActive,
    overrideDatasetPath: d.overrideDatasetPath,
    canUseLowerResolution: d.canUseLowerResolution,
    isInSharedLocation: d.isInSharedLocation,
    hasIclusFolder: d.hasIclusFolder,
    datasetIDs: d.datasetIDs,
  };
  const count = (has: boolean, n: number | null, what: string) => `${what}: ${has ? `${n ?? 0} stations` : 'none'}`;
  return (
    <PageLayout title={`Weather dataset: ${d.name}`} documentTitle="Weather dataset" actions={<RouteLink to={ROUTES.AdminWeatherList}>Back to weather datasets</RouteLink>}>
      <SuccessAlert show={saved} onClose={() => setSaved(false)} />
      <Text size="sm" c="dimmed" mb="sm" data-testid="weather-stations">
        {[count(d.hasPcp, d.nrtot, 'Precipitation'), count(d.hasTmp, d.nttot, 'Temperature'), count(d.hasSlr, d.nstot, 'Solar radiation'), count(d.hasHmd, d.nhtot, 'Humidity'), count(d.hasWnd, d.nwtot, 'Wind')].join(' · ')}
      </Text>
      <WeatherForm key={JSON.stringify(fields)} id={id} initial={fields} choices={d} onSaved={async () => (await detail.refetch(), setSaved(true))} />
    </PageLayout>
  );
}

function WeatherForm({ id, initial, choices, onSaved }: { id?: number; initial: WeatherFields; choices: Choices; onSaved?: () => unknown }) {
  const [values, setValues] = useState<WeatherFields>(initial);
  const [reload, setReload] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useFormErrors();
  const session = useSession();
  const link = useLinks();
  const navigate = useNavigate();
  const client = useQueryClient();
  const set = <K extends keyof WeatherFields>(k: K, v: WeatherFields[K]) => setValues((x) => ({ ...x, [k]: v }));
  const remove = useAction(async () => {
    await api.delete(`admin/weather/${id}`);
    await refreshAll(client);
    navigate(link(ROUTES.AdminWeatherList) ?? '/');
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errors: Record<string, string[]> = {};
    for (const k of ['name', 'pathToFiles', 'startDate', 'endDate'] as const) if (!String(values[k]).trim() && !(k === 'pathToFiles' && id !== undefined && !initial.pathToFiles)) errors[k] = ['Required'];
    if (values.sortOrder === '') errors.sortOrder = ['Required'];
    if (!form.check(errors)) return;
    setBusy(true);
    try {
      const body = { ...values, cmipVersion: values.cmipVersion === '' ? null : values.cmipVersion, reload };
      if (id === undefined) {
        await api.post('admin/weather', body);
        await refreshAll(client);
        navigate(link(ROUTES.AdminWeatherList) ?? '/'); // spec 3 §4: after create, the list
      } else {
        await api.put(`admin/weather/${id}`, body);
        await refreshAll(client);
        form.clear();
        await onSaved?.();
      }
    } catch (err) {
      form.fromServer(err);
    } finally {
      setBusy(false);
    }
  };
  const fileErrors = form.errors.pathToFiles;
  return (
    <form onSubmit={submit} noValidate data-testid="weather-form">
      <Stack gap="sm" maw={900}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={form.of('name')} data-testid="weather-name" />
          <TextInput label="Path to files" description="Relative to the main weather directory" required={!(id !== undefined && !initial.pathToFiles)} value={values.pathToFiles} onChange={(e) => set('pathToFiles', e.currentTarget.value)} error={fileErrors && fileErrors.length === 1 ? fileErrors[0] : fileErrors ? 'The station files have problems (below).' : undefined} data-testid="weather-path" />
          <TextInput label="Start date" placeholder="YYYY-MM-DD" required value={values.startDate} onChange={(e) => set('startDate', e.currentTarget.value)} error={form.of('startDate')} data-testid="weather-start" />
          <TextInput label="End date" placeholder="YYYY-MM-DD" required value={values.endDate} onChange={(e) => set('endDate', e.currentTarget.value)} error={form.of('endDate')} data-testid="weather-end" />
          <NativeSelect label="File format" required data={choices.fileFormats.map((f) => ({ value: String(f.value), label: `${f.value} – ${f.text}` }))} value={String(values.fileFormat)} onChange={(e) => set('fileFormat', Number(e.currentTarget.value))} error={form.of('fileFormat')} />
          <NumberInput label="CMIP version" description="Blank for observed weather" allowDecimal={false} min={1} value={values.cmipVersion} onChange={(v) => set('cmipVersion', v === '' ? '' : Number(v))} error={form.of('cmipVersion')} />
          <NumberInput label="Sort order" required allowDecimal={false} value={values.sortOrder} onChange={(v) => set('sortOrder', v === '' ? '' : Number(v))} error={form.of('sortOrder')} />
          <MultiSelect label="Offered to projects of these datasets" data={choices.datasets.map((d) => ({ value: String(d.value), label: d.text }))} value={values.datasetIDs.map(String)} onChange={(v) => set('datasetIDs', v.map(Number))} error={form.of('datasetIDs')} data-testid="weather-datasets" />
        </SimpleGrid>
        <Group>
          <Checkbox label="Active" checked={values.isActive} onChange={(e) => set('isActive', e.currentTarget.checked)} error={form.of('isActive')} />
          <Checkbox label="Override dataset path" checked={values.overrideDatasetPath} onChange={(e) => set('overrideDatasetPath', e.currentTarget.checked)} />
          <Checkbox label="Can use lower resolution (USA HUC only)" checked={values.canUseLowerResolution} onChange={(e) => set('canUseLowerResolution', e.currentTarget.checked)} />
          <Checkbox label="In shared location" checked={values.isInSharedLocation} onChange={(e) => set('isInSharedLocation', e.currentTarget.checked)} />
          <Checkbox label="Has ICLUS folder" checked={values.hasIclusFolder} onChange={(e) => set('hasIclusFolder', e.currentTarget.checked)} />
          {id !== undefined && initial.pathToFiles && <Checkbox label="Read the station files again" checked={reload} onChange={(e) => setReload(e.currentTarget.checked)} />}
        </Group>
        {fileErrors && fileErrors.length > 1 && (
          <Alert color="red" title="Station files" data-testid="weather-file-errors">
            <List size="sm">
              {fileErrors.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <ErrorList error={form.summary} />
        <FormActions busy={busy} saveTestId="weather-save" back={link(ROUTES.AdminWeatherList) ?? '/'} onDelete={id !== undefined && session.isFullAdmin ? () => setDeleting(true) : undefined} />
      </Stack>
      <ConfirmDialog opened={deleting} title="Delete weather dataset" danger locked confirmLabel="Delete" busy={remove.busy} error={remove.error} onConfirm={() => void remove.run()} onCancel={() => setDeleting(false)}>
        This action is permanent: the weather dataset and its stations are removed. Scenarios that used it keep their outputs but must choose another weather dataset to run again.
      </ConfirmDialog>
    </form>
  );
}
