// SWAT Executable Versions (spec 3 §2.3, §3 SWAT version, §5, §9): the grid (edit link, name,
// release and debug file names, Default? and Disabled? Yes/No; sortable, default sort name, 50 a
// page) with create, and the upload area (executables only, files with the same name are
// overwritten, 300,000 ms time-out); create ('Files must be uploaded or placed on the server')
// and edit ('Edit SWAT version') pages; delete (Admin only) warns that the files stay on the
// server. The built-in engine is a version like the others, named for what it is.
import { Alert, Button, Checkbox, FileButton, Group, List, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog, DataGrid, ErrorList, Link, PageLayout, ROUTES, RouteLink, SuccessAlert, api, queryFallback, uploadFile, useAction, useApiQuery, useLinks, useNavigate, useSession, type GridColumn, type PageProps } from '@headwater/plugin-sdk';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../common/FormActions.tsx';
import { useFormErrors } from '@headwater/plugin-sdk';

type VersionRow = { id: number; name: string; releaseFileName: string; debugFileName: string; isDefault: boolean; isDisabled: boolean };
type VersionDetail = VersionRow & { isBuiltIn: boolean };
type ExecutableFile = { name: string; size: number; modified: string };
type VersionFields = { name: string; releaseFileName: string; debugFileName: string; isDefault: boolean; isDisabled: boolean };

/** Spec 3 §9: executable uploads time out after 300,000 ms. */
const EXECUTABLE_TIMEOUT_MS = 300_000;
const BUILTIN_PREFIX = 'builtin:';
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

const COLUMNS: GridColumn<VersionRow>[] = [
  {
    key: 'edit',
    title: '',
    render: (v) => (
      <RouteLink to={ROUTES.AdminSwatVersion} params={{ id: v.id }} plain data-testid={`version-edit-${v.id}`}>
        Edit
      </RouteLink>
    ),
  },
  { key: 'name', title: 'Name', sortable: true },
  { key: 'releaseFileName', title: 'Release file name', sortable: true, render: (v) => (v.releaseFileName.startsWith(BUILTIN_PREFIX) ? 'Built into the server' : v.releaseFileName) },
  { key: 'debugFileName', title: 'Debug file name', sortable: true },
  { key: 'isDefault', title: 'Default?', sortable: true, render: (v) => yesNo(v.isDefault) },
  { key: 'isDisabled', title: 'Disabled?', sortable: true, render: (v) => yesNo(v.isDisabled) },
];

/** The grid and records of this page family read again after a change (react-query keeps pages). */
const refreshAll = (client: ReturnType<typeof useQueryClient>) => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && String(q.queryKey[1]).startsWith('admin/swatversions') });

export function SwatVersionsPage() {
  const link = useLinks();
  const create = link(ROUTES.AdminSwatVersionCreate);
  return (
    <PageLayout
      title="SWAT Executable Versions"
      actions={
        create && (
          <Button component={Link} to={create} size="xs">
            Create SWAT version
          </Button>
        )
      }
    >
      <Stack>
        <DataGrid<VersionRow> api="admin/swatversions" items="SWAT versions" columns={COLUMNS} rowKey={(v) => v.id} perPage={50} defaultSort="name" filterable={false} />
        <ExecutableUpload />
      </Stack>
    </PageLayout>
  );
}

/** The upload area: executables into the server's executables folder; the same name overwrites. */
function ExecutableUpload() {
  const files = useApiQuery<ExecutableFile[]>('admin/swatversions/files');
  const client = useQueryClient();
  const [done, setDone] = useState<string[]>([]);
  const upload = useAction(async (list: File[]) => {
    const names: string[] = [];
    for (const f of list) {
      const r = await uploadFile<{ files: string[] }>('admin/swatversions/upload', f, { timeoutMs: EXECUTABLE_TIMEOUT_MS });
      names.push(...r.files);
    }
    setDone(names);
    await client.invalidateQueries({ queryKey: ['api', 'admin/swatversions/files'] });
  });
  return (
    <Stack gap="xs" data-testid="executable-upload">
      <Text fw={600}>Executable files on the server</Text>
      <Text size="sm" c="dimmed">
        Upload SWAT executables (.exe, or a Linux build without an extension). A file with the same name as one already on the server replaces it.
      </Text>
      <Group>
        <FileButton multiple onChange={(list) => list.length && void upload.run(list)}>
          {(props) => (
            <Button {...props} variant="light" loading={upload.busy} data-testid="executable-choose">
              Upload executables
            </Button>
          )}
        </FileButton>
        {done.length > 0 && <Text size="sm" c="green" data-testid="executable-uploaded">{`Uploaded: ${done.join(', ')}`}</Text>}
      </Group>
      <ErrorList error={upload.error} />
      {files.data && files.data.length > 0 && (
        <List size="sm" data-testid="executable-files">
          {files.data.map((f) => (
            <List.Item key={f.name}>{`${f.name} (${Math.ceil(f.size / 1024).toLocaleString('en-US')} KB)`}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

const EMPTY: VersionFields = { name: '', releaseFileName: '', debugFileName: '', isDefault: false, isDisabled: false };

export function SwatVersionCreatePage(_props: PageProps) {
  return (
    <PageLayout title="Create SWAT version" actions={<RouteLink to={ROUTES.AdminSwatVersions}>Back to SWAT versions</RouteLink>}>
      <Alert color="blue" mb="md">
        Files must be uploaded or placed on the server
      </Alert>
      <VersionForm initial={EMPTY} />
    </PageLayout>
  );
}

export function SwatVersionPage({ params }: PageProps) {
  const id = Number(params.id);
  const detail = useApiQuery<VersionDetail>(`admin/swatversions/${id}`);
  const [saved, setSaved] = useState(false);
  const fallback = queryFallback(detail, 'Edit SWAT version');
  if (fallback) return fallback;
  const { id: _id, isBuiltIn, ...fields } = detail.data!;
  return (
    <PageLayout title="Edit SWAT version" actions={<RouteLink to={ROUTES.AdminSwatVersions}>Back to SWAT versions</RouteLink>}>
      <SuccessAlert show={saved} onClose={() => setSaved(false)} />
      {isBuiltIn && (
        <Alert color="gray" mb="md">
          This is the engine built into the server: a SWAT2012-compatible daily model, not a SWAT executable. Its file name is fixed.
        </Alert>
      )}
      <VersionForm key={JSON.stringify(fields)} id={id} initial={fields} builtIn={isBuiltIn} onSaved={async () => (await detail.refetch(), setSaved(true))} />
    </PageLayout>
  );
}

function VersionForm({ id, initial, builtIn = false, onSaved }: { id?: number; initial: VersionFields; builtIn?: boolean; onSaved?: () => unknown }) {
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const files = useApiQuery<ExecutableFile[]>('admin/swatversions/files');
  const form = useFormErrors();
  const session = useSession();
  const link = useLinks();
  const navigate = useNavigate();
  const client = useQueryClient();
  const set = <K extends keyof VersionFields>(k: K, v: VersionFields[K]) => setValues((x) => ({ ...x, [k]: v }));
  const remove = useAction(async () => {
    await api.delete(`admin/swatversions/${id}`);
    await refreshAll(client);
    navigate(link(ROUTES.AdminSwatVersions) ?? '/');
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errors: Record<string, string[]> = {};
    if (!values.name.trim()) errors.name = ['Required'];
    if (!values.releaseFileName.trim()) errors.releaseFileName = ['Required'];
    if (!values.debugFileName.trim() && !builtIn) errors.debugFileName = ['Required'];
    if (!form.check(errors)) return;
    setBusy(true);
    try {
      if (id === undefined) {
        const created = await api.post<{ id: number }>('admin/swatversions', values);
        await refreshAll(client);
        navigate(link(ROUTES.AdminSwatVersion, { id: created.id }) ?? link(ROUTES.AdminSwatVersions) ?? '/');
      } else {
        await api.put(`admin/swatversions/${id}`, values);
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
  const fileChoice = (k: 'releaseFileName' | 'debugFileName', label: string) => {
    const names = (files.data ?? []).map((f) => f.name);
    if (builtIn && k === 'releaseFileName') return <TextInput label={label} value={values[k]} disabled />;
    const data = [{ value: '', label: 'Choose a file…' }, ...[...new Set([...names, values[k]].filter(Boolean))].map((n) => ({ value: n, label: names.includes(n) ? n : `${n} (not on the server)` }))];
    return <NativeSelect label={label} required={!builtIn} data={data} value={values[k]} onChange={(e) => set(k, e.currentTarget.value)} error={form.of(k)} data-testid={`version-${k}`} />;
  };
  return (
    <form onSubmit={submit} noValidate data-testid="version-form">
      <Stack gap="sm" maw={700}>
        <TextInput label="Name" required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={form.of('name')} data-testid="version-name" />
        {fileChoice('releaseFileName', 'Release file name')}
        {fileChoice('debugFileName', 'Debug file name')}
        <Group>
          <Checkbox label="Default" checked={values.isDefault} onChange={(e) => set('isDefault', e.currentTarget.checked)} data-testid="version-default" />
          <Checkbox label="Disabled (left out of the choices for scenarios)" checked={values.isDisabled} onChange={(e) => set('isDisabled', e.currentTarget.checked)} />
        </Group>
        <ErrorList error={form.summary} />
        <FormActions busy={busy} saveTestId="version-save" back={link(ROUTES.AdminSwatVersions) ?? '/'} onDelete={id !== undefined && session.isFullAdmin ? () => setDeleting(true) : undefined} />
      </Stack>
      <ConfirmDialog opened={deleting} title="Delete SWAT version" danger locked confirmLabel="Delete" busy={remove.busy} error={remove.error} onConfirm={() => void remove.run()} onCancel={() => setDeleting(false)}>
        The version is removed from the list; its executable files are not removed from the server. Scenarios that used it must choose another version to run again.
      </ConfirmDialog>
    </form>
  );
}
