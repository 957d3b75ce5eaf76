// /admin/projects (spec 3 §2.3 AdminProjects, §3 Admin project row, §5, §7): every user's
// projects, 50 a page, filtered and sorted by the server, exported as CSV; select rows to copy
// one to another user (landing on the copy) or delete them (Admin only, through the owners' own
// DELETE projects/{id}). Opening a project from here is support access: the server records it.
import { Autocomplete, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ConfirmDialog, DataGrid, ErrorList, Link, PageLayout, ROUTES, RouteLink, api, formatDateTime, useApiQuery, useDebounced, useLinks, useNavigate, useSession, type GridColumn } from '@headwater/plugin-sdk';
import { useState } from 'react';
import { useSelectedDelete } from '../common/useSelectedDelete.ts';
import { useFormErrors } from '@headwater/plugin-sdk';

export type AdminProjectRow = { id: number; name: string; userName: string; lastModifiedDate: string; dataset: string; endingSubbasin: string; numSubbasins: number; numHrus: number; totalArea: number; numScenarios: number };

/** Spec 3 §5: the admin copy's message for a missing name (the spec keeps the original wording). */
export const COPY_NAME_REQUIRED = 'Please provide a name for the new scenario.';
/** Spec 3 §9: typeahead debounce. */
const TYPEAHEAD_MS = 500;

export function ProjectsPage() {
  const session = useSession();
  const link = useLinks();
  const [copying, setCopying] = useState<AdminProjectRow | null>(null);
  const { selected, rows, toggle, deleting, setDeleting, busy, error, removeSelected } = useSelectedDelete<AdminProjectRow>((r) => `projects/${r.id}`);
  const columns: GridColumn<AdminProjectRow>[] = [
    { key: 'select', title: '', render: (r) => <Checkbox aria-label={`Select ${r.name}`} checked={selected.has(r.id)} onChange={() => toggle(r)} data-testid={`select-project-${r.id}`} /> },
    {
      key: 'name',
      title: 'Name',
      sortable: true,
      render: (r) => (
        <RouteLink to={ROUTES.ProjectView} params={{ id: r.id }} plain>
          {r.name}
        </RouteLink>
      ),
    },
    { key: 'userName', title: 'User', sortable: true },
    { key: 'lastModifiedDate', title: 'Last modified', sortable: true, render: (r) => formatDateTime(r.lastModifiedDate) },
    { key: 'dataset', title: 'Dataset', sortable: true },
    { key: 'endingSubbasin', title: 'Ending subbasin', sortable: true },
    { key: 'numSubbasins', title: 'Subbasins', sortable: true, align: 'right' },
    { key: 'numHrus', title: 'HRUs', sortable: true, align: 'right' },
    { key: 'totalArea', title: 'Total area (sq. km.)', sortable: true, align: 'right', render: (r) => Number(r.totalArea).toLocaleString('en-US', { maximumFractionDigits: 2 }) },
    { key: 'numScenarios', title: 'Scenarios', sortable: true, align: 'right' },
  ];
  const scenarios = link(ROUTES.AdminScenarios);
  return (
    <PageLayout
      title="Projects"
      actions={
        <Group gap="xs">
          {scenarios && (
            <Button component={Link} to={scenarios} variant="light" size="xs">
              Scenarios
            </Button>
          )}
          <Button size="xs" disabled={rows.length !== 1} onClick={() => setCopying(rows[0]!)} data-testid="copy-project">
            Copy project
          </Button>
          {session.isFullAdmin && (
            <Button size="xs" color="red" variant="light" disabled={rows.length === 0} onClick={() => setDeleting(true)}>
              Delete selected
            </Button>
          )}
        </Group>
      }
    >
      <Text size="sm" c="dimmed" mb="xs">
        {rows.length ? `${rows.length} selected.` : 'Select a project to copy it to another user.'} Opening another user's project is recorded in the audit log.
      </Text>
      <DataGrid<AdminProjectRow> api="admin/projects" exportPath="admin/exports/projects" items="projects" columns={columns} rowKey={(r) => r.id} perPage={50} defaultSort="lastModifiedDate_desc" />
      {copying && <CopyDialog project={copying} onClose={() => setCopying(null)} />}
      <ConfirmDialog opened={deleting} title="Delete projects" danger locked confirmLabel="Delete" busy={busy} error={error} onConfirm={() => void removeSelected()} onCancel={() => setDeleting(false)}>
        {`Delete ${rows.map((r) => `'${r.name}' (${r.userName})`).join(', ')} with all scenarios and outputs? This action is permanent.`}
      </ConfirmDialog>
    </PageLayout>
  );
}

function CopyDialog({ project, onClose }: { project: AdminProjectRow; onClose: () => void }) {
  const [name, setName] = useState(`${project.name} (Copy)`);
  const [userName, setUserName] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();
  const navigate = useNavigate();
  const link = useLinks();
  const text = useDebounced(userName.trim(), TYPEAHEAD_MS);
  const users = useApiQuery<string[]>(text ? `admin/users/find/${encodeURIComponent(text)}` : null);
  const submit = async () => {
    if (!form.check(name.trim() ? {} : { name: [COPY_NAME_REQUIRED] })) return;
    setBusy(true);
    try {
      const copy = await api.post<{ id: number }>(`admin/projects/copy/${project.id}`, { name: name.trim(), userName: userName.trim() });
      navigate(link(ROUTES.ProjectView, { id: copy.id }) ?? '/');
    } catch (e) {
      form.fromServer(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Copy project '${project.name}'`} closeOnClickOutside={!busy}>
      <Stack>
        <TextInput label="Name of the new project" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={form.of('name')} data-testid="copy-name" />
        <Autocomplete label="Owner (user name)" description={`Blank keeps the same user (${project.userName}).`} value={userName} onChange={setUserName} data={users.data ?? []} limit={100} error={form.of('userName')} data-testid="copy-owner" />
        <ErrorList error={form.summary} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy} data-testid="copy-submit">
            Copy
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
