// /admin/datasets (spec 3 §2.3 AdminDatasets, §9: 50 a page): every dataset — system and
// uploaded — with its state, sharing, owner, counts and a pending public request, sorted and
// filtered by the server, exported as CSV. Links to the weather datasets and SWAT versions.
import { Badge, Button, Group } from '@mantine/core';
import { DataGrid, Link, PageLayout, ROUTES, RouteLink, formatDateTime, useLinks, type GridColumn } from '@headwater/plugin-sdk';
import type { AdminDatasetRow } from './types.ts';

const COLUMNS: GridColumn<AdminDatasetRow>[] = [
  {
    key: 'name',
    title: 'Name',
    sortable: true,
    render: (r) => (
      <RouteLink to={ROUTES.AdminDataset} params={{ id: r.id }} plain>
        {r.name}
      </RouteLink>
    ),
  },
  { key: 'isActive', title: 'Active', sortable: true, render: (r) => (r.isActive ? 'Yes' : <Badge color="gray">Inactive</Badge>) },
  { key: 'version', title: 'Version', sortable: true },
  { key: 'accessibility', title: 'Accessibility', sortable: true },
  { key: 'isUserSubmitted', title: 'User submitted', sortable: true, render: (r) => (r.isUserSubmitted ? 'Yes' : 'No') },
  { key: 'userName', title: 'Created by', sortable: true },
  { key: 'optionGroup', title: 'Option group', sortable: true },
  { key: 'optionOrder', title: 'Order', sortable: true, align: 'right' },
  { key: 'numSubbasins', title: 'Subbasins', sortable: true, align: 'right' },
  { key: 'numHrus', title: 'HRUs', sortable: true, align: 'right' },
  { key: 'numProjects', title: 'Projects', sortable: true, align: 'right' },
  { key: 'publicRequest', title: 'Public request', sortable: true, render: (r) => (r.publicRequest === 'Submitted' ? <Badge color="orange">Submitted</Badge> : r.publicRequest) },
  { key: 'createdOn', title: 'Created on', sortable: true, render: (r) => formatDateTime(r.createdOn) },
];

export function DatasetsPage() {
  const link = useLinks();
  const weather = link(ROUTES.AdminWeatherList);
  const versions = link(ROUTES.AdminSwatVersions);
  return (
    <PageLayout
      title="Datasets"
      actions={
        <Group gap="xs">
          {weather && (
            <Button component={Link} to={weather} variant="light" size="xs">
              Weather datasets
            </Button>
          )}
          {versions && (
            <Button component={Link} to={versions} variant="light" size="xs">
              SWAT versions
            </Button>
          )}
        </Group>
      }
    >
      <DataGrid<AdminDatasetRow> api="admin/datasets" items="datasets" exportPath="admin/datasets?format=csv" columns={COLUMNS} rowKey={(r) => r.id} perPage={50} defaultSort="optionOrder" />
    </PageLayout>
  );
}
