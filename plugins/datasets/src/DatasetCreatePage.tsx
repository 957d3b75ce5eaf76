// /datasets/create (spec 3 §2.2 DatasetCreate, §3 Upload result and Create form, §5): name,
// description, attribution and the zip (uploaded at once, with its progress); what the upload
// turned out to be; the outlet subbasin asked only when the upload does not show one; the dataset
// to base it on; the product-based option for site administrators only. Create queues the import
// and opens the dataset's page, which shows the import's live progress.
import { Alert, Button, Checkbox, FileInput, Group, List, Paper, Progress, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  DATASET_LIMITS,
  DATASET_MESSAGES,
  ErrorList,
  PageLayout,
  ROUTES,
  api,
  datasetFieldErrors,
  queryFallback,
  useApiQuery,
  useLinks,
  useNavigate,
  type ImportOptions,
  type UploadResult,
} from '@headwater/plugin-sdk';
import { useState, type FormEvent } from 'react';
import { KIND_LABELS, uploadZip, zipProblem } from './shared.ts';
import { SwatDatabases, type SwatDatabase } from './SwatDatabases.tsx';

export function DatasetCreatePage() {
  const options = useApiQuery<ImportOptions>('importdatasets/options');
  const navigate = useNavigate();
  const link = useLinks();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [attribution, setAttribution] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [upload, setUpload] = useState<UploadResult | null>(null);
  const [outlet, setOutlet] = useState('');
  const [base, setBase] = useState<string | null>(null);
  const [hawqsBased, setHawqsBased] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const fallback = queryFallback(options, 'Upload a project');
  if (fallback) return fallback;
  const o = options.data!;
  if (!o.hasAccess || o.reachedLimit)
    return (
      <PageLayout title="Upload a project" size="sm">
        <Alert color="yellow" data-testid="notice-no-upload">
          {o.hasAccess ? DATASET_MESSAGES.reachedLimit : DATASET_MESSAGES.noAccess}
        </Alert>
      </PageLayout>
    );

  const send = async (f: File | null) => {
    setFile(f);
    setUpload(null);
    setError(null);
    const problem = zipProblem(f);
    if (problem) {
      setFieldErrors((e) => ({ ...e, file: [problem] }));
      return;
    }
    setFieldErrors(({ file: _f, ...rest }) => rest);
    setSent(0);
    try {
      const result = await uploadZip(f!, setSent).promise;
      setUpload(result);
      if (result.endingSubbasinName) setOutlet(result.endingSubbasinName);
    } catch (err) {
      setError(err);
    } finally {
      setSent(null);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errors = datasetFieldErrors({ name, description, attribution }, true);
    if (!upload) errors.file = [zipProblem(file) ?? 'Please wait for the upload to finish.'];
    if (upload && !upload.hasEndingSubKey && !outlet.trim()) errors.endingSubbasinName = [DATASET_MESSAGES.outlet];
    setFieldErrors(errors);
    if (Object.keys(errors).length) {
      setError(DATASET_MESSAGES.fixErrors);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { id } = await api.post<{ id: number }>('importdatasets', {
        name: name.trim(),
        description: description.trim(),
        attribution: attribution.trim(),
        uploadDirectory: upload!.uploadDirectory,
        endingSubbasinName: upload!.hasEndingSubKey ? upload!.endingSubbasinName : outlet.trim(),
        existingDatasetID: base ? Number(base) : null,
        hasSwatMdb: upload!.hasSwatMdb,
        isSqlite: upload!.isSqlite,
        isHawqsBased: o.canDoHawqsBased && hawqsBased,
        databaseFile: upload!.uploadedFileName,
      });
      const to = link(ROUTES.DatasetView, { id });
      if (to) navigate(to);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  const baseOptions = [
    ...o.datasets.map((g) => ({ group: g.label, items: g.options.map((d) => ({ value: String(d.value), label: d.text })) })),
    ...(o.userDatasets.length ? [{ group: 'User-submitted datasets', items: o.userDatasets.map((d) => ({ value: String(d.value), label: d.text })) }] : []),
  ];
  return (
    <PageLayout title="Upload a project" size="md">
      <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
        <Stack>
          <ErrorList error={error} />
          <TextInput label="Name" required maxLength={DATASET_LIMITS.name} value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldErrors.name?.join(' ')} data-testid="dataset-name" />
          <Textarea label="Description" required maxLength={DATASET_LIMITS.description} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={fieldErrors.description?.join(' ')} data-testid="dataset-description" />
          <TextInput label="Attribution (credit)" maxLength={DATASET_LIMITS.attribution} value={attribution} onChange={(e) => setAttribution(e.currentTarget.value)} error={fieldErrors.attribution?.join(' ')} data-testid="dataset-attribution" />
          <FileInput
            label="SWAT project (zip, up to 1000 MB)"
            description="A zip of an ArcSWAT or QSWAT project folder (TxtInOut and Watershed/Shapes), a TxtInOut folder, or a HAWQS export."
            accept=".zip"
            value={file}
            onChange={(f) => void send(f)}
            error={fieldErrors.file?.join(' ')}
            disabled={sent !== null || busy}
            data-testid="dataset-file"
          />
          {sent !== null && (
            <Stack gap={4} data-testid="upload-progress">
              <Progress value={sent} animated size="lg" />
              <Text size="sm">{sent < 100 ? `Uploading: ${Math.round(sent)}%` : 'Checking the zip file...'}</Text>
            </Stack>
          )}
          {upload && (
            <Alert color="green" data-testid="upload-result" title={`${upload.uploadedFileName} uploaded`}>
              <List size="sm">
                <List.Item>{KIND_LABELS[upload.kind] ?? upload.kind}</List.Item>
                <List.Item>{upload.hasEndingSubKey ? `Outlet subbasin: ${upload.endingSubbasinName}` : 'The outlet subbasin could not be found from fig.fig.'}</List.Item>
                {upload.hasSwatMdb && <List.Item>SWAT Editor database found{upload.projectMdbName ? `: ${upload.projectMdbName}` : ''}.</List.Item>}
                {upload.isSqlite && <List.Item>SQLite project database found.</List.Item>}
              </List>
              <SwatDatabases databases={(upload as typeof upload & { databases?: SwatDatabase[] }).databases} />
            </Alert>
          )}
          {upload && !upload.hasEndingSubKey && (
            <TextInput
              label="Outlet (ending) subbasin name"
              required
              value={outlet}
              onChange={(e) => setOutlet(e.currentTarget.value)}
              error={fieldErrors.endingSubbasinName?.join(' ')}
              description={upload.outlets.length > 1 ? `fig.fig has several outlets: ${upload.outlets.join(', ')}` : undefined}
              data-testid="dataset-outlet"
            />
          )}
          <Select label="Based on an existing dataset (optional)" data={baseOptions} value={base} onChange={setBase} clearable data-testid="dataset-base" />
          {o.canDoHawqsBased && <Checkbox label="Product-based dataset (site administrators only)" checked={hawqsBased} onChange={(e) => setHawqsBased(e.currentTarget.checked)} data-testid="dataset-hawqs-based" />}
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!upload} data-testid="dataset-create">
              Create dataset
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PageLayout>
  );
}
