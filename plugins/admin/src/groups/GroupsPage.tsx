// /admin/users/groups (spec 3 §2.3 AdminGroups): every group of the site, sortable, 50 a page,
// default sort name; columns name, projects, members, invitations, created on, created by; edit
// (the group's detail) and delete actions. Deletion uses the groups call DELETE groups/{id},
// which the server allows administrators on any group (projects stay with their creators).
import { Button, Group } from '@mantine/core';
import { ConfirmDialog, DataGrid, PageLayout, ROUTES, RouteLink, api, formatDateTime, useAction, type GridColumn } from '@headwater/plugin-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

export type AdminGroupRow = { id: number; name: string; description: string; numProjects: number; numMembers: number; numInvitations: number; createdOn: string; createdBy: string };

export function GroupsPage() {
  const [deleting, setDeleting] = useState<AdminGroupRow | null>(null);
  const client = useQueryClient();
  const remove = useAction(async (g: AdminGroupRow) => {
    await api.delete(`groups/${g.id}`);
    await client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && String(q.queryKey[1] ?? '').startsWith('admin/users/groups') });
    setDeleting(null);
  });
  const columns: GridColumn<AdminGroupRow>[] = [
    {
      key: 'name',
      title: 'Name',
      sortable: true,
      render: (g) => (
        <RouteLink to={ROUTES.AdminGroup} params={{ id: g.id }} plain data-testid={`admin-group-${g.id}`}>
          {g.name}
        </RouteLink>
      ),
    },
    { key: 'numProjects', title: 'Projects', sortable: true, align: 'right' },
    { key: 'numMembers', title: 'Members', sortable: true, align: 'right' },
    { key: 'numInvitations', title: 'Invitations', sortable: true, align: 'right' },
    { key: 'createdOn', title: 'Created on', sortable: true, render: (g) => formatDateTime(g.createdOn) },
    { key: 'createdBy', title: 'Created by', sortable: true },
    {
      key: 'actions',
      title: '',
      render: (g) => (
        <Group gap={4} wrap="nowrap">
          <RouteLink to={ROUTES.AdminGroup} params={{ id: g.id }}>
            Edit
          </RouteLink>
          <Button size="compact-xs" color="red" variant="subtle" onClick={() => (remove.setError(null), setDeleting(g))}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <PageLayout title="Groups">
      <DataGrid<AdminGroupRow> api="admin/users/groups" items="groups" columns={columns} rowKey={(g) => g.id} perPage={50} defaultSort="name" />
      <ConfirmDialog opened={!!deleting} title="Delete group" confirmLabel="Delete" danger locked busy={remove.busy} error={remove.error} onCancel={() => setDeleting(null)} onConfirm={() => void remove.run(deleting!)}>
        Delete the group {deleting?.name}? Its members and invitations go; its projects stay with their creators.
      </ConfirmDialog>
    </PageLayout>
  );
}
