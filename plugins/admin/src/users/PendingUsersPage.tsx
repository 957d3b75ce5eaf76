// /admin/users/pending (spec 3 §2.3, §4): accounts waiting for approval — approve (a mail and a
// notification), deny with a reason (mailed; the account is removed), delete — and a link to
// each account's detail page.
import { Badge, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { ConfirmDialog, ErrorList, PageLayout, ROUTES, RouteLink, SuccessAlert, api, formatDateTime, useAction, useApiQuery } from '@headwater/plugin-sdk';
import { useState } from 'react';
import type { AdminUser } from './types.ts';

export function PendingUsersPage() {
  const list = useApiQuery<AdminUser[]>('admin/users/pending');
  const [done, setDone] = useState<string>();
  const [denying, setDenying] = useState<AdminUser | null>(null);
  const [reason, setReason] = useState('');
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const action = useAction(async (fn: () => Promise<unknown>, message: string) => {
    await fn();
    setDone(message);
  });
  const run = async (fn: () => Promise<unknown>, message: string) => {
    const ok = await action.run(fn, message);
    await list.refetch();
    return ok;
  };

  return (
    <PageLayout title="Pending users">
      <SuccessAlert show={!!done} message={done} onClose={() => setDone(undefined)} />
      <ErrorList error={list.error ?? (denying || deleting ? null : action.error)} />
      {list.data && list.data.length === 0 && <Text c="dimmed">No accounts are waiting for approval.</Text>}
      {list.data && list.data.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder data-testid="pending-users">
            <Table.Thead>
              <Table.Tr>
                {['User name', 'Name', 'Email', 'Organization', 'Category', 'Reason for use', 'Location', 'Registered', ''].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((u) => (
                <Table.Tr key={u.id} data-testid={`pending-${u.userName}`}>
                  <Table.Td>
                    <RouteLink to={ROUTES.AdminUser} params={{ id: u.id }} plain>
                      {u.userName}
                    </RouteLink>
                  </Table.Td>
                  <Table.Td>
                    {u.firstName} {u.lastName}
                  </Table.Td>
                  <Table.Td>
                    {u.email} {!u.emailConfirmed && <Badge color="yellow">unconfirmed</Badge>}
                  </Table.Td>
                  <Table.Td>{u.affiliation}</Table.Td>
                  <Table.Td>{u.organizationCategory}</Table.Td>
                  <Table.Td>{u.reasonForUse}</Table.Td>
                  <Table.Td>{[u.state, u.country].filter(Boolean).join(', ')}</Table.Td>
                  <Table.Td>{formatDateTime(u.registrationDate)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" loading={action.busy} onClick={() => run(() => api.get(`admin/users/approve?id=${u.id}`), `${u.userName} approved.`)}>
                        Approve
                      </Button>
                      <Button size="xs" variant="light" color="orange" onClick={() => (setReason(''), action.setError(null), setDenying(u))}>
                        Deny
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => (action.setError(null), setDeleting(u))}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={!!denying} onClose={() => setDenying(null)} title={`Deny ${denying?.userName ?? ''}`}>
        <Stack>
          <Text size="sm">The person receives an email with your reason, and the account is removed.</Text>
          <Textarea label="Reason" autosize minRows={3} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
          <ErrorList error={action.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDenying(null)}>
              Cancel
            </Button>
            <Button
              color="orange"
              loading={action.busy}
              onClick={async () => {
                const u = denying!;
                if (await run(() => api.post(`admin/users/deny/${u.id}`, { value: reason.trim() }), `${u.userName} denied.`)) setDenying(null);
              }}
            >
              Deny
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={!!deleting}
        title={`Delete ${deleting?.userName ?? ''}`}
        confirmLabel="Delete"
        danger
        locked
        busy={action.busy}
        error={action.error}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const u = deleting!;
          if (await run(() => api.delete(`account/delete?userId=${u.id}`), `${u.userName} deleted.`)) setDeleting(null);
        }}
      >
        This permanently removes the account. No email is sent.
      </ConfirmDialog>
    </PageLayout>
  );
}
