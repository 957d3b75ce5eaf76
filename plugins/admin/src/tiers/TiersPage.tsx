// /admin/users/tiers (spec 3 §2.3 AdminTiers): every tier with its limits and number of users,
// a create button and a link to the users.
import { Badge, Button, Group } from '@mantine/core';
import { DataGrid, Link, PageLayout, ROUTES, RouteLink, formatLimit, useLinks, type GridColumn } from '@headwater/plugin-sdk';
import type { TierRow } from './types.ts';
import { PRIORITY_LABELS } from './types.ts';

const COLUMNS: GridColumn<TierRow>[] = [
  {
    key: 'name',
    title: 'Name',
    sortable: true,
    render: (t) => (
      <RouteLink to={ROUTES.AdminTier} params={{ id: t.id }} plain data-testid={`tier-link-${t.name}`}>
        {t.name}
      </RouteLink>
    ),
  },
  { key: 'isDefault', title: 'Default', sortable: true, render: (t) => (t.isDefault ? <Badge>Default</Badge> : '') },
  { key: 'hideFromDisplay', title: 'Hidden', sortable: true, render: (t) => (t.hideFromDisplay ? 'Yes' : 'No') },
  { key: 'subbasinLimit', title: 'Max. Subbasins', sortable: true, align: 'right', render: (t) => formatLimit(t.subbasinLimit) },
  { key: 'hruLimit', title: 'Max. HRUs', sortable: true, align: 'right', render: (t) => formatLimit(t.hruLimit) },
  { key: 'taskLimit', title: 'Run Frequency', sortable: true, render: (t) => (t.taskLimit === 0 ? 'Unlimited' : `${t.taskLimit.toLocaleString('en-US')} per ${t.taskLimitInterval === 1 ? 'hour' : 'day'}`) },
  { key: 'concurrencyLimit', title: 'Run Concurrently', sortable: true, align: 'right', render: (t) => formatLimit(t.concurrencyLimit) },
  { key: 'queuePriority', title: 'Queue Priority', sortable: true, render: (t) => PRIORITY_LABELS[t.queuePriority] ?? t.queuePriority },
  { key: 'datasetUploadLimit', title: 'Max. Project Uploads', sortable: true, align: 'right', render: (t) => (t.datasetUploadLimit === 0 ? 'None' : t.datasetUploadLimit.toLocaleString('en-US')) },
  { key: 'numUsers', title: 'Users', sortable: true, align: 'right' },
];

export function TiersPage() {
  const link = useLinks();
  const create = link(ROUTES.AdminTierCreate);
  const users = link(ROUTES.AdminUsers);
  return (
    <PageLayout
      title="Tiers"
      actions={
        <Group gap="xs">
          {users && (
            <Button component={Link} to={users} variant="light" size="xs">
              Users
            </Button>
          )}
          {create && (
            <Button component={Link} to={create} size="xs">
              Create tier
            </Button>
          )}
        </Group>
      }
    >
      <DataGrid<TierRow> api="admin/tiers" items="tiers" columns={COLUMNS} rowKey={(t) => t.id} perPage={50} defaultSort="sortOrder" filterable={false} />
    </PageLayout>
  );
}
