// /groups (spec 3 §2.1 GroupList): the user's groups — name, projects, members, invited users —
// 20 a page; the pending-invitations button with its count; 'Create a group'.
import { Badge, Button, Group } from '@mantine/core';
import { DataGrid, GROUP_MESSAGES, GROUP_PAGE_SIZES, Link, PageLayout, ROUTES, RouteLink, useApiQuery, useLinks, type GridColumn, type GroupInvite, type GroupRow } from '@headwater/plugin-sdk';
import { useInvitationsLive } from './shared.tsx';

const yes = (v: boolean) => (v ? 'Yes' : 'No');

export const GROUP_COLUMNS: GridColumn<GroupRow>[] = [
  {
    key: 'name',
    title: 'Name',
    sortable: true,
    render: (r) => (
      <RouteLink to={ROUTES.GroupView} params={{ id: r.id }} plain data-testid={`group-link-${r.id}`}>
        {r.name}
      </RouteLink>
    ),
  },
  { key: 'numProjects', title: 'Projects', sortable: true, align: 'right' },
  { key: 'numMembers', title: 'Members', sortable: true, align: 'right' },
  { key: 'numInvitedUsers', title: 'Invited users', sortable: true, align: 'right' },
  { key: 'isAdmin', title: 'Group admin', render: (r) => yes(r.isAdmin) },
];

export function GroupsPage() {
  const invites = useApiQuery<GroupInvite[]>('groups/invites');
  useInvitationsLive(() => void invites.refetch());
  const link = useLinks();
  const invitesHref = link(ROUTES.GroupInvites);
  const createHref = link(ROUTES.GroupCreate);
  const pending = invites.data?.length ?? 0;
  return (
    <PageLayout
      title="My groups"
      actions={
        <Group gap="xs">
          {invitesHref && (
            <Button component={Link} to={invitesHref} variant={pending ? 'filled' : 'default'} data-testid="pending-invitations" rightSection={<Badge size="sm" variant="white" data-testid="pending-count">{pending}</Badge>}>
              Pending invitations
            </Button>
          )}
          {createHref && (
            <Button component={Link} to={createHref} data-testid="create-group">
              Create a group
            </Button>
          )}
        </Group>
      }
    >
      <DataGrid<GroupRow>
        api="groups"
        items="groups"
        columns={GROUP_COLUMNS}
        rowKey={(r) => r.id}
        perPage={GROUP_PAGE_SIZES.list}
        defaultSort="name"
        emptyText={GROUP_MESSAGES.noGroups}
      />
    </PageLayout>
  );
}
