// /admin/users (spec 3 §2.3 AdminUsers): every account, 50 a page, sorted and filtered by the
// server, exported as CSV (GET admin/exports/users), with the way to the pending users, the
// manual add form, tiers and groups.
import { Badge, Button, Group } from '@mantine/core';
import { DataGrid, Link, PageLayout, ROUTES, RouteLink, formatDateTime, useLinks, type GridColumn } from '@headwater/plugin-sdk';
import type { AdminUserRow } from './types.ts';

export const ADMIN_PAGE_SIZE = 50;

const COLUMNS: GridColumn<AdminUserRow>[] = [
  {
    key: 'userName',
    title: 'User name',
    sortable: true,
    render: (r) => (
      <RouteLink to={ROUTES.AdminUser} params={{ id: r.id }} plain data-testid={`user-link-${r.userName}`}>
        {r.userName}
      </RouteLink>
    ),
  },
  { key: 'email', title: 'Email', sortable: true },
  { key: 'firstName', title: 'First name', sortable: true },
  { key: 'lastName', title: 'Last name', sortable: true },
  { key: 'affiliation', title: 'Affiliation', sortable: true },
  { key: 'roles', title: 'Roles', sortable: true },
  { key: 'tier', title: 'Tier', sortable: true },
  { key: 'isLockedOut', title: 'Locked', sortable: true, render: (r) => (r.isLockedOut ? <Badge color="red">Locked</Badge> : '') },
  { key: 'lastLoginDate', title: 'Last login', sortable: true, render: (r) => formatDateTime(r.lastLoginDate) },
  { key: 'registrationDate', title: 'Registered', sortable: true, render: (r) => formatDateTime(r.registrationDate) },
];

export function UsersPage() {
  const link = useLinks();
  const actions = (
    <Group gap="xs">
      {[
        [link(ROUTES.AdminPendingUsers), 'Pending users'],
        [link(ROUTES.AdminUserCreate), 'Manually add new user'],
        [link(ROUTES.AdminTiers), 'Tiers'],
        [link(ROUTES.AdminGroups), 'Groups'],
      ].map(([to, label]) =>
        to ? (
          <Button key={label} component={Link} to={to} variant="light" size="xs">
            {label}
          </Button>
        ) : null,
      )}
    </Group>
  );
  return (
    <PageLayout title="Users" actions={actions}>
      <DataGrid<AdminUserRow> api="admin/users" exportPath="admin/exports/users" items="users" columns={COLUMNS} rowKey={(r) => r.id} perPage={ADMIN_PAGE_SIZE} defaultSort="userName" />
    </PageLayout>
  );
}
