// /datasets/:id (spec 3 §2.2 DatasetView, §4): while the import runs, its live progress (room
// `dataset-import:{id}`; at 100 the page reloads); on error, the message and the option to
// remove the error and the data; when ready, the edit form (name, description, attribution,
// default SWAT version and 'only the default'), sharing (User only, Group, Public with reasons
// for the administrators' review), activate/deactivate and delete (refused while projects use it).
import { Alert, Badge, Button, Checkbox, Group, Paper, Radio, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  ConfirmDialog,
  DATASET_IMPORT_EVENT,
  DATASET_LIMITS,
  DATASET_MESSAGES,
  ErrorList,
  PageLayout,
  ProgressView,
  ROUTES,
  RouteLink,
  SuccessAlert,
  api,
  datasetFieldErrors,
  formatDateTime,
  queryFallback,
  useApiQuery,
  useLinks,
  useLiveStatus,
  useNavigate,
  type DatasetImportEvent,
  type ImportDetail,
  type PageProps,
} from '@headwater/plugin-sdk';
import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import { KIND_LABELS } from './shared.ts';
import { SwatDatabases, type SwatDatabase } from './SwatDatabases.tsx';

type GroupOption = { id: number; name: string };

export function DatasetViewPage({ params }: PageProps) {
  const id = Number(params.id);
  // live events move the bar; a slow poll while running catches an end that came before the join
  const detail = useApiQuery<ImportDetail>(`importdatasets/${id}`, { refetchInterval: (q) => (q.state.data?.status.isRunning ? 3000 : false) });
  const running = !!detail.data?.status.isRunning;
  const live = useLiveStatus<DatasetImportEvent>(running ? `dataset-import:${id}` : null, DATASET_IMPORT_EVENT, (e) => {
    if (e.progress >= 100) void detail.refetch();
  });
  const fallback = queryFallback(detail, 'Project dataset');
  if (fallback) return fallback;
  const d = detail.data!;
  return (
    <PageLayout title={d.name || 'Project dataset'}>
      {d.status.isRunning ? (
        <Paper withBorder p="md" data-testid="import-running">
          <Stack>
            <Title order={4}>Importing {d.uploadedFileName}</Title>
            <ProgressView percent={live?.progress ?? d.status.progress.percent} message={live?.statusMessage ?? d.status.progress.message} startedAt={d.importedDate} onRefresh={() => void detail.refetch()} />
          </Stack>
        </Paper>
      ) : d.status.hasError ? (
        <ImportError detail={d} />
      ) : (
        <ReadyDataset detail={d} reload={() => void detail.refetch()} />
      )}
    </PageLayout>
  );
}

function ImportError({ detail }: { detail: ImportDetail }) {
  const navigate = useNavigate();
  const link = useLinks();
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <Stack data-testid="import-error">
      <ErrorList error={error} />
      <Alert color="red" title="An error occurred in the import">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="import-exception">
          {detail.status.exceptionMessage}
        </Text>
      </Alert>
      {/* a server fault (not a problem in the files) keeps the upload: an administrator can re-run it */}
      {detail.status.exceptionMessage?.startsWith('The import failed:') ? (
        <Text size="sm">The server failed on this import, not on your files; the upload was kept so that an administrator can run it again. You may also remove it and upload the project again.</Text>
      ) : (
        <Text size="sm">Nothing of the upload was kept. Fix the files named above and upload the project again.</Text>
      )}
      <SwatDatabases databases={(detail as ImportDetail & { databases?: SwatDatabase[] }).databases} />
      <Group>
        <Button color="red" onClick={() => setConfirm(true)} data-testid="remove-import">
          Remove the error and the data
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirm}
        title="Remove the import"
        confirmLabel="Remove"
        danger
        locked
        onCancel={() => setConfirm(false)}
        onConfirm={async () => {
          setConfirm(false);
          try {
            await api.delete(`importdatasets/${detail.id}`);
            const to = link(ROUTES.DatasetList);
            if (to) navigate(to);
          } catch (err) {
            setError(err);
          }
        }}
      >
        <Text size="sm">The failed import is removed from your datasets.</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function ReadyDataset({ detail: d, reload }: { detail: ImportDetail; reload: () => void }) {
  const navigate = useNavigate();
  const link = useLinks();
  const [name, setName] = useState(d.name);
  const [description, setDescription] = useState(d.description);
  const [attribution, setAttribution] = useState(d.attribution);
  const [version, setVersion] = useState<string | null>(d.defaultSWATVersionID ? String(d.defaultSWATVersionID) : null);
  const [onlyDefault, setOnlyDefault] = useState(d.allowOnlyDefaultSWATVersion);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  useEffect(() => {
    setName(d.name);
    setDescription(d.description);
    setAttribution(d.attribution);
  }, [d.name, d.description, d.attribution]);

  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      reload();
    } catch (err) {
      setError(err);
    }
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const problems = datasetFieldErrors({ name, description, attribution }, false);
    setErrors(problems);
    if (Object.keys(problems).length) return setError(DATASET_MESSAGES.fixErrors);
    await act(async () => {
      await api.put(`importdatasets/${d.id}`, { name, description, attribution, defaultSWATVersionID: version ? Number(version) : null, allowOnlyDefaultSWATVersion: onlyDefault });
      setSaved(true);
    });
  };
  const createHref = link(ROUTES.ProjectCreate);
  return (
    <Stack>
      <ErrorList error={error} />
      <SuccessAlert show={saved} onClose={() => setSaved(false)} />
      <Paper withBorder p="md" data-testid="dataset-summary">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Text size="sm">
              {KIND_LABELS[d.kind] ?? d.kind} · {d.uploadedFileName} · imported {formatDateTime(d.importedDate)}
            </Text>
            <Text size="sm" data-testid="dataset-counts">
              {d.numSubbasins.toLocaleString('en-US')} subbasins, {d.numHrus.toLocaleString('en-US')} HRUs{d.summary?.areaKm2 != null ? `, ${d.summary.areaKm2.toLocaleString('en-US')} sq. km` : ''}
              {d.summary?.weatherStations ? `, ${d.summary.weatherStations} weather series` : ''}
              {d.summary?.reservoirs ? `, ${d.summary.reservoirs} reservoirs` : ''}
              {d.summary?.pointSources ? `, ${d.summary.pointSources} point sources` : ''}
            </Text>
            {d.summary?.schematic && <Text size="sm" c="dimmed">No shapes were uploaded: maps of this dataset show a schematic of its routing network.</Text>}
            <SwatDatabases databases={(d as ImportDetail & { databases?: SwatDatabase[] }).databases} />
            <Group gap="xs">
              <Badge color={d.isActive ? 'green' : 'gray'} data-testid="dataset-active">{d.isActive ? 'Active' : 'Inactive'}</Badge>
              <Badge variant="light">{d.accessibility === 'User' ? 'User only' : d.accessibility}</Badge>
              {d.isHawqsBased && <Badge variant="light">Product-based</Badge>}
              {d.numProjects > 0 && <Badge variant="light">{d.numProjects} project{d.numProjects === 1 ? '' : 's'}</Badge>}
            </Group>
          </Stack>
          {createHref && d.isActive && (
            <Button component="a" href={createHref} onClick={(e: MouseEvent) => (e.preventDefault(), navigate(createHref))} data-testid="create-project-from-dataset">
              Create a project
            </Button>
          )}
        </Group>
      </Paper>

      <Paper withBorder p="md" component="form" onSubmit={save} noValidate>
        <Stack>
          <Title order={4}>Details</Title>
          <TextInput label="Name" required maxLength={DATASET_LIMITS.name} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name?.join(' ')} data-testid="edit-name" />
          <Textarea label="Description" maxLength={DATASET_LIMITS.description} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={errors.description?.join(' ')} />
          <TextInput label="Attribution (credit)" maxLength={DATASET_LIMITS.attribution} value={attribution} onChange={(e) => setAttribution(e.currentTarget.value)} error={errors.attribution?.join(' ')} />
          <Select label="Default SWAT version" data={d.swatVersions.map((v) => ({ value: String(v.value), label: v.text }))} value={version} onChange={setVersion} clearable />
          <Checkbox label="Allow only the default SWAT version" checked={onlyDefault} onChange={(e) => setOnlyDefault(e.currentTarget.checked)} disabled={!version} />
          <Group justify="flex-end">
            <Button type="submit" data-testid="save-dataset">
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Sharing detail={d} act={act} />

      <Paper withBorder p="md">
        <Group>
          {d.isActive ? (
            <Button variant="default" onClick={() => setConfirmDeactivate(true)} data-testid="deactivate">
              Deactivate
            </Button>
          ) : (
            <Button variant="default" onClick={() => void act(() => api.patch(`importdatasets/activate/${d.id}`))} data-testid="activate">
              Activate
            </Button>
          )}
          <Button color="red" onClick={() => setConfirmDelete(true)} data-testid="delete-dataset">
            Delete
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          A deactivated dataset is not offered for new projects; existing projects keep working. A dataset can be deleted when no project uses it and it is shared with nobody.
        </Text>
      </Paper>
      <ConfirmDialog
        opened={confirmDeactivate}
        title="Deactivate the dataset"
        confirmLabel="Deactivate"
        danger
        locked
        onCancel={() => setConfirmDeactivate(false)}
        onConfirm={async () => {
          setConfirmDeactivate(false);
          await act(() => api.patch(`importdatasets/deactivate/${d.id}`));
        }}
      >
        <Text size="sm">The dataset will no longer be offered for new projects. Existing projects keep working.</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirmDelete}
        title="Delete the dataset"
        confirmLabel="Delete"
        danger
        locked
        onCancel={() => setConfirmDelete(false)}
        onConfirm={async () => {
          setConfirmDelete(false);
          try {
            await api.delete(`importdatasets/${d.id}`);
            const to = link(ROUTES.DatasetList);
            if (to) navigate(to);
          } catch (err) {
            setError(err);
          }
        }}
      >
        <Text size="sm">The dataset and everything imported with it are removed. This cannot be undone.</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function Sharing({ detail: d, act }: { detail: ImportDetail; act: (fn: () => Promise<unknown>) => Promise<void> }) {
  const groups = useApiQuery<{ items: GroupOption[] }>('groups?perPage=100');
  const [mode, setMode] = useState<string>(d.accessibility);
  const [reasons, setReasons] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const shared = new Set(d.groups.map((g) => g.value));
  const pending = d.publicRequest?.status === 'Submitted';
  return (
    <Paper withBorder p="md" data-testid="dataset-sharing">
      <Stack>
        <Title order={4}>Sharing</Title>
        {d.isPublic ? (
          <Text size="sm">This dataset is public. {DATASET_MESSAGES.publicOnlyAdmin}</Text>
        ) : (
          <Radio.Group value={mode} onChange={setMode}>
            <Group>
              <Radio value="User" label="User only" data-testid="share-user" />
              <Radio value="Group" label="Group" data-testid="share-group" />
              <Radio value="Public" label="Public" data-testid="share-public" />
            </Group>
          </Radio.Group>
        )}
        {mode === 'User' && !d.isPublic && d.groups.length > 0 && (
          <Group>
            <Text size="sm">Shared with {d.groups.map((g) => g.text).join(', ')}.</Text>
            <Button size="xs" variant="default" onClick={() => void act(async () => { for (const g of d.groups) await api.patch(`importdatasets/groupunshare/${g.value}/${d.id}`); })}>
              Stop sharing with every group
            </Button>
          </Group>
        )}
        {mode === 'Group' && !d.isPublic && (
          <Table>
            <Table.Tbody>
              {(groups.data?.items ?? []).map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>{g.name}</Table.Td>
                  <Table.Td>
                    {shared.has(g.id) ? (
                      <Button size="xs" variant="default" onClick={() => void act(() => api.patch(`importdatasets/groupunshare/${g.id}/${d.id}`))} data-testid={`unshare-${g.id}`}>
                        Unshare
                      </Button>
                    ) : (
                      <Button size="xs" onClick={() => void act(() => api.patch(`importdatasets/groupshare/${g.id}/${d.id}`))} data-testid={`share-${g.id}`}>
                        Share
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {groups.data && groups.data.items.length === 0 && (
                <Table.Tr>
                  <Table.Td>
                    You are not a member of any groups. <RouteLink to={ROUTES.GroupCreate}>Create a group</RouteLink>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        )}
        {d.publicRequest && (
          <Alert color={pending ? 'blue' : 'orange'} data-testid="public-request">
            {pending
              ? `Your request to make this dataset public was sent on ${formatDateTime(d.publicRequest.requestedOn)} and waits for an administrator's review.`
              : `Your request to make this dataset public was denied.${d.publicRequest.adminMessage ? ` ${d.publicRequest.adminMessage}` : ''}`}
          </Alert>
        )}
        {mode === 'Public' && !d.isPublic && !pending && (
          <Stack>
            <Textarea label="Why should this dataset be public?" required value={reasons} onChange={(e) => setReasons(e.currentTarget.value)} error={reasonError} data-testid="public-reasons" />
            <Group justify="flex-end">
              <Button
                onClick={() => {
                  if (!reasons.trim()) return setReasonError(DATASET_MESSAGES.required);
                  setReasonError(null);
                  void act(() => api.put(`importdatasets/publicshare/${d.id}`, { value: reasons.trim() }));
                }}
                data-testid="request-public"
              >
                Request public sharing
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
