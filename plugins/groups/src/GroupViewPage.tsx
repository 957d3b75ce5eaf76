// /groups/:id (spec 3 §2.1): name, description, the Group Projects, Group Members and Pending
// Invitations tables (10 rows a page each). Group admins edit the name and description, invite
// by e-mail with an optional message, grant or revoke admin rights, remove members (never the
// owner) and delete invitations; only the owner deletes the group (its projects stay with their
// creators). The server checks every one of these (platform-api modules/groups).
import { Badge, Button, Group, Modal, Pagination, Paper, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  ApiError,
  ConfirmDialog,
  DataGrid,
  ErrorList,
  GROUP_MESSAGES,
  GROUP_PAGE_SIZES,
  PageLayout,
  ROUTES,
  RouteLink,
  SITE_ROOT,
  SuccessAlert,
  api,
  formatDateTime,
  inviteEmailProblem,
  queryFallback,
  useAction,
  useApiQuery,
  useLinks,
  useNavigate,
  type GridColumn,
  type GroupDetail,
  type GroupMemberRow,
  type GroupProjectRow,
  type PageProps,
} from '@headwater/plugin-sdk';
import { useCallback, useState, type FormEvent } from 'react';
import { GroupForm, useRefreshGroups } from './shared.tsx';

const yes = (v: boolean) => (v ? 'Yes' : 'No');
const fmt = (n: number | null | undefined, digits = 0) => (n ?? 0).toLocaleString('en-US', { maximumFractionDigits: digits });

export const GROUP_PROJECT_COLUMNS: GridColumn<GroupProjectRow>[] = [
  {
    key: 'name',
    title: 'Project',
    sortable: true,
    render: (r) => (
      <RouteLink to={ROUTES.ProjectView} params={{ id: r.id }} plain data-testid={`group-project-${r.id}`}>
        {r.name}
      </RouteLink>
    ),
  },
  { key: 'userName', title: 'Belongs to', sortable: true },
  { key: 'lastModifiedDate', title: 'Last modified', sortable: true, render: (r) => formatDateTime(r.lastModifiedDate) },
  { key: 'dataset', title: 'Dataset', sortable: true },
  { key: 'endingSubbasin', title: 'Downstream ID', sortable: true },
  { key: 'numSubbasins', title: 'Subbasins', sortable: true, align: 'right', render: (r) => fmt(r.numSubbasins) },
  { key: 'numHrus', title: 'HRUs', sortable: true, align: 'right', render: (r) => fmt(r.numHrus) },
  { key: 'totalArea', title: 'Area (sq km)', sortable: true, align: 'right', render: (r) => fmt(r.totalArea, 2) },
  { key: 'numScenarios', title: 'Scenarios', sortable: true, align: 'right', render: (r) => fmt(r.numScenarios) },
];

/** Invite by e-mail with an optional message (PUT groups/invite/{id}: name = e-mail, description = message). */
function InviteForm({ groupId }: { groupId: number }) {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const refresh = useRefreshGroups();
  const invite = useAction(async () => {
    try {
      await api.put(`groups/invite/${groupId}`, { name: email.trim(), description: message.trim() });
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.name) setProblem(e.fieldErrors.name.join(' '));
      throw e;
    }
    setSent(email.trim());
    setEmail('');
    setMessage('');
    await refresh();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = inviteEmailProblem(email);
    setProblem(p);
    if (!p) void invite.run();
  };
  const closeSent = useCallback(() => setSent(null), []);
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate data-testid="invite-form">
        <Stack gap="sm">
          <Title order={4}>Invite a member</Title>
          <SuccessAlert show={!!sent} message={`An invitation was sent to ${sent}.`} onClose={closeSent} />
          <TextInput label="Email" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={problem} data-testid="invite-email" />
          <Textarea label="Message (optional)" autosize minRows={2} value={message} onChange={(e) => setMessage(e.currentTarget.value)} data-testid="invite-message" />
          <ErrorList error={problem ? null : invite.error} />
          <Group justify="flex-end">
            <Button type="submit" loading={invite.busy} data-testid="invite-submit">
              Invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The pending invitations, 10 a page; group admins delete them. */
function InvitationsTable({ group, canManage }: { group: GroupDetail; canManage: boolean }) {
  const [page, setPage] = useState(1);
  const refresh = useRefreshGroups();
  const remove = useAction(async (inviteId: number) => {
    await api.delete(`groups/invite/${inviteId}`);
    await refresh();
  });
  const rows = group.invitedUsers;
  const size = GROUP_PAGE_SIZES.detail;
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const shown = rows.slice((Math.min(page, pages) - 1) * size, Math.min(page, pages) * size);
  if (rows.length === 0) {
    return (
      <Text c="dimmed" data-testid="invitations-empty">
        There are no pending invitations.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <ErrorList error={remove.error} />
      <Table withTableBorder striped data-testid="invitations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Invited on</Table.Th>
            <Table.Th>Invited by</Table.Th>
            {canManage && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((i) => (
            <Table.Tr key={i.id} data-testid={`invitation-${i.id}`}>
              <Table.Td>
                {i.email}
                {i.userName && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({i.userName})
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDateTime(i.invitedOn)}</Table.Td>
              <Table.Td>{i.invitedBy}</Table.Td>
              {canManage && (
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove.run(i.id)} disabled={remove.busy} data-testid={`delete-invitation-${i.id}`}>
                    Delete
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}

function memberColumns(group: GroupDetail, onAdmin: (m: GroupMemberRow) => void, onRemove: (m: GroupMemberRow) => void): GridColumn<GroupMemberRow>[] {
  const cols: GridColumn<GroupMemberRow>[] = [
    { key: 'userName', title: 'User name', sortable: true },
    { key: 'email', title: 'Email', sortable: true },
    { key: 'firstName', title: 'First name', sortable: true },
    { key: 'lastName', title: 'Last name', sortable: true },
    { key: 'affiliation', title: 'Affiliation', sortable: true },
    { key: 'isAdmin', title: 'Admin', sortable: true, render: (m) => yes(m.isAdmin) },
    { key: 'isOwner', title: 'Owner', sortable: true, render: (m) => (m.isOwner ? <Badge variant="light">Owner</Badge> : 'No') },
  ];
  if (group.isAdmin)
    cols.push({
      key: 'actions',
      title: '',
      render: (m) =>
        m.isOwner ? null : (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Button size="compact-xs" variant="subtle" onClick={() => onAdmin(m)} data-testid={`admin-${m.userName}`}>
              {m.isAdmin ? 'Revoke admin' : 'Grant admin'}
            </Button>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => onRemove(m)} data-testid={`remove-${m.userName}`}>
              Remove
            </Button>
          </Group>
        ),
    });
  return cols;
}

export function GroupViewPage({ params }: PageProps) {
  const id = Number(params.id);
  const query = useApiQuery<GroupDetail>(`groups/${params.id}`);
  const g = query.data;
  const refresh = useRefreshGroups();
  const navigate = useNavigate();
  const link = useLinks();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const [removing, setRemoving] = useState<GroupMemberRow | null>(null);
  const setAdmin = useAction(async (m: GroupMemberRow) => {
    await api.patch(`groups/setadmin/${id}`, { name: m.userName, value: !m.isAdmin });
    await refresh();
  });
  const removeMember = useAction(async (m: GroupMemberRow) => {
    await api.patch(`groups/removemember/${id}`, { value: m.userName });
    await refresh();
    setRemoving(null);
  });
  const deleteGroup = useAction(async () => {
    await api.delete(`groups/${id}`);
    await refresh();
    navigate(link(ROUTES.GroupList) ?? SITE_ROOT);
  });

  const fallback = queryFallback(query, 'Group');
  if (!g) return fallback;
  return (
    <PageLayout
      title={<span data-testid="group-name-title">{g.name}</span>}
      documentTitle={g.name}
      actions={
        <Group gap="xs">
          {g.isAdmin && (
            <Button variant="default" onClick={() => setDialog('edit')} data-testid="group-edit">
              Edit
            </Button>
          )}
          {g.isOwner && (
            <Button color="red" variant="light" onClick={() => setDialog('delete')} data-testid="group-delete">
              Delete group
            </Button>
          )}
        </Group>
      }
    >
      <Stack gap={4}>
        <Text data-testid="group-about" style={{ whiteSpace: 'pre-wrap' }}>
          {g.description}
        </Text>
        <Text size="sm" c="dimmed">
          Owner: {g.owner} · {g.numMembers} member{g.numMembers === 1 ? '' : 's'} · {g.numProjects} project{g.numProjects === 1 ? '' : 's'}
        </Text>
      </Stack>

      {g.isAdmin && <InviteForm groupId={id} />}

      <Title order={3}>Group Projects</Title>
      <DataGrid<GroupProjectRow>
        api={`groups/projects/${id}`}
        items="group projects"
        columns={GROUP_PROJECT_COLUMNS}
        rowKey={(r) => r.id}
        perPage={GROUP_PAGE_SIZES.detail}
        defaultSort="lastModifiedDate_desc"
        emptyText={GROUP_MESSAGES.noGroupShares}
      />

      <Title order={3}>Group Members</Title>
      <ErrorList error={setAdmin.error} />
      <DataGrid<GroupMemberRow>
        api={`groups/members/${id}`}
        items="members"
        columns={memberColumns(g, (m) => void setAdmin.run(m), setRemoving)}
        rowKey={(m) => m.userName}
        perPage={GROUP_PAGE_SIZES.detail}
        defaultSort="userName"
      />

      <Title order={3}>Pending Invitations</Title>
      <InvitationsTable group={g} canManage={g.isAdmin} />

      <Modal opened={dialog === 'edit'} onClose={() => setDialog(null)} title="Edit group">
        <GroupForm
          initial={{ name: g.name, description: g.description }}
          submitLabel="Save"
          onCancel={() => setDialog(null)}
          onSubmit={async (v) => {
            await api.put(`groups/${id}`, v);
            await refresh();
            setDialog(null);
          }}
        />
      </Modal>
      <ConfirmDialog
        opened={dialog === 'delete'}
        title="Delete group"
        confirmLabel="Delete"
        danger
        locked
        busy={deleteGroup.busy}
        error={deleteGroup.error}
        onCancel={() => {
          setDialog(null);
          deleteGroup.setError(null);
        }}
        onConfirm={() => void deleteGroup.run()}
      >
        {`Are you sure you want to delete the group ${g.name}? Its members lose access to the projects shared with it; the projects stay with their creators. This cannot be undone.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={!!removing}
        title="Remove member"
        confirmLabel="Remove"
        danger
        locked
        busy={removeMember.busy}
        error={removeMember.error}
        onCancel={() => {
          setRemoving(null);
          removeMember.setError(null);
        }}
        onConfirm={() => void (removing && removeMember.run(removing))}
      >
        {removing ? `Remove ${removing.userName} from the group ${g.name}? They lose access to its projects at once, and the projects they shared leave the group with them.` : ''}
      </ConfirmDialog>
    </PageLayout>
  );
}
