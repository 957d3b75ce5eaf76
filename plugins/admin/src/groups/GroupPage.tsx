// /admin/users/groups/{id} (spec 3 §2.3 group detail): name, description, Group Projects, Group
// Members, Pending Invitations (only if any) and a back button. Read through the groups calls
// (GET groups/{id}, groups/projects/{id}, groups/members/{id}), which administrators may make on
// any group. Managing members is the group's own page (/groups/{id}), linked here.
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  DataGrid,
  Link,
  PageLayout,
  ROUTES,
  RouteLink,
  formatDateTime,
  queryFallback,
  useApiQuery,
  useLinks,
  type GridColumn,
  type GroupDetail,
  type GroupMemberRow,
  type GroupProjectRow,
  type PageProps,
} from '@headwater/plugin-sdk';

const PROJECTS: GridColumn<GroupProjectRow>[] = [
  {
    key: 'name',
    title: 'Project',
    sortable: true,
    render: (r) => (
      <RouteLink to={ROUTES.ProjectView} params={{ id: r.id }} plain>
        {r.name}
      </RouteLink>
    ),
  },
  { key: 'userName', title: 'Belongs to', sortable: true },
  { key: 'lastModifiedDate', title: 'Last modified', sortable: true, render: (r) => formatDateTime(r.lastModifiedDate) },
  { key: 'dataset', title: 'Dataset', sortable: true },
  { key: 'numSubbasins', title: 'Subbasins', sortable: true, align: 'right' },
  { key: 'numHrus', title: 'HRUs', sortable: true, align: 'right' },
  { key: 'numScenarios', title: 'Scenarios', sortable: true, align: 'right' },
];

const yes = (v: boolean) => (v ? 'Yes' : 'No');
const MEMBERS: GridColumn<GroupMemberRow>[] = [
  { key: 'userName', title: 'User name', sortable: true },
  { key: 'email', title: 'Email', sortable: true },
  { key: 'firstName', title: 'First name', sortable: true },
  { key: 'lastName', title: 'Last name', sortable: true },
  { key: 'affiliation', title: 'Affiliation', sortable: true },
  { key: 'isAdmin', title: 'Admin', render: (r) => yes(r.isAdmin) },
  { key: 'isOwner', title: 'Owner', render: (r) => yes(r.isOwner) },
];

export function GroupPage({ params }: PageProps) {
  const id = Number(params.id);
  const group = useApiQuery<GroupDetail>(`groups/${id}`);
  const link = useLinks();
  const fallback = queryFallback(group, 'Group');
  if (fallback) return fallback;
  const g = group.data!;
  const back = link(ROUTES.AdminGroups);
  return (
    <PageLayout
      title={g.name}
      documentTitle={`Group ${g.name}`}
      actions={
        <Group gap="xs">
          <RouteLink to={ROUTES.GroupView} params={{ id }}>
            Open the group page
          </RouteLink>
          {back && (
            <Button component={Link} to={back} variant="default" size="xs">
              Back
            </Button>
          )}
        </Group>
      }
    >
      <Text>{g.description}</Text>
      <Text size="sm" c="dimmed">
        Owner {g.owner}, created {formatDateTime(g.createdOn)}
      </Text>
      <Stack gap="xs">
        <Title order={4}>Group Projects</Title>
        <DataGrid<GroupProjectRow> api={`groups/projects/${id}`} items="projects" columns={PROJECTS} rowKey={(r) => r.id} perPage={10} defaultSort="name" />
      </Stack>
      <Stack gap="xs">
        <Title order={4}>Group Members</Title>
        <DataGrid<GroupMemberRow> api={`groups/members/${id}`} items="members" columns={MEMBERS} rowKey={(r) => r.userName} perPage={10} defaultSort="userName" />
      </Stack>
      {g.invitedUsers.length > 0 && (
        <Stack gap="xs">
          <Title order={4}>Pending Invitations</Title>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>User name</Table.Th>
                <Table.Th>Invited on</Table.Th>
                <Table.Th>Invited by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {g.invitedUsers.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{i.email}</Table.Td>
                  <Table.Td>{i.userName ?? ''}</Table.Td>
                  <Table.Td>{formatDateTime(i.invitedOn)}</Table.Td>
                  <Table.Td>{i.invitedBy}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </PageLayout>
  );
}
