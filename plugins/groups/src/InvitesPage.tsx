// /groups/invites (spec 3 §2.1): pending invitations — group, description, invited on, invited
// by — with Accept (the user becomes a member and sees the group) and Reject.
import { Button, Center, Group, Loader, Table, Text } from '@mantine/core';
import { ErrorList, GROUP_MESSAGES, PageLayout, ROUTES, SITE_ROOT, api, formatDateTime, loadError, useAction, useApiQuery, useLinks, useNavigate, type GroupInvite } from '@headwater/plugin-sdk';
import { useInvitationsLive, useRefreshGroups } from './shared.tsx';

export function InvitesPage() {
  const invites = useApiQuery<GroupInvite[]>('groups/invites');
  useInvitationsLive(() => void invites.refetch());
  const refresh = useRefreshGroups();
  const navigate = useNavigate();
  const link = useLinks();
  const answer = useAction(async (invite: GroupInvite, accept: boolean) => {
    await api.patch(`groups/${accept ? 'accept' : 'reject'}/${invite.id}`);
    await refresh();
    if (accept) navigate(link(ROUTES.GroupView, { id: invite.groupID }) ?? link(ROUTES.GroupList) ?? SITE_ROOT);
  });
  const rows = invites.data ?? [];
  return (
    <PageLayout title="Group invitations">
      <ErrorList error={answer.error ?? (invites.error ? loadError(invites.error) : null)} />
      {invites.isLoading ? (
        <Center p="md">
          <Loader />
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed" data-testid="invites-empty">
          {GROUP_MESSAGES.noInvites}
        </Text>
      ) : (
        <Table withTableBorder striped data-testid="invites">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Group</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Invited on</Table.Th>
              <Table.Th>Invited by</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((i) => (
              <Table.Tr key={i.id} data-testid={`invite-${i.id}`}>
                <Table.Td>
                  <Text fw={600}>{i.group}</Text>
                  {i.message && (
                    <Text size="xs" c="dimmed">
                      {i.message}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{i.groupDescription}</Table.Td>
                <Table.Td>{formatDateTime(i.invitedOn)}</Table.Td>
                <Table.Td>{i.invitedBy}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" onClick={() => void answer.run(i, true)} loading={answer.busy} data-testid={`accept-${i.id}`}>
                      Accept
                    </Button>
                    <Button size="xs" variant="default" onClick={() => void answer.run(i, false)} disabled={answer.busy} data-testid={`reject-${i.id}`}>
                      Reject
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </PageLayout>
  );
}
