// /datasets (spec 3 §2.2 DatasetList, 'Project Datasets'): the user's uploaded datasets, 20 a
// page, with links to project creation, the account page (tiers) and group creation, and the
// tier's notices: no upload access, upload limit reached, uploads left when fewer than 100.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  DATASET_LIMITS,
  DATASET_MESSAGES,
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
  type ImportOptions,
  type ImportRow,
} from '@headwater/plugin-sdk';

const STATUS: Record<string, string> = { running: 'Importing', error: 'Error', ready: 'Ready' };

export const DATASET_COLUMNS: GridColumn<ImportRow>[] = [
  {
    key: 'name',
    title: 'Name',
    sortable: true,
    render: (r) => (
      <RouteLink to={ROUTES.DatasetView} params={{ id: r.id }} plain data-testid={`dataset-link-${r.id}`}>
        {r.name}
      </RouteLink>
    ),
  },
  { key: 'description', title: 'Description' },
  { key: 'importedDate', title: 'Imported', sortable: true, render: (r) => formatDateTime(r.importedDate) },
  { key: 'status', title: 'Status', sortable: true, render: (r) => STATUS[r.status] ?? r.status },
  { key: 'accessibility', title: 'Sharing', sortable: true, render: (r) => (r.accessibility === 'User' ? 'User only' : r.accessibility) },
  { key: 'isActive', title: 'Active', render: (r) => (r.status !== 'ready' ? '' : r.isActive ? 'Yes' : 'No') },
  { key: 'numSubbasins', title: 'Subbasins', sortable: true, align: 'right' },
  { key: 'numHrus', title: 'HRUs', sortable: true, align: 'right' },
  { key: 'numProjects', title: 'Projects', sortable: true, align: 'right' },
];

export function DatasetListPage() {
  const options = useApiQuery<ImportOptions>('importdatasets/options');
  const link = useLinks();
  const fallback = queryFallback(options);
  if (fallback) return fallback;
  const o = options.data!;
  const createHref = link(ROUTES.DatasetCreate);
  const canUpload = o.hasAccess && !o.reachedLimit;
  return (
    <PageLayout
      title="Project Datasets"
      actions={
        canUpload && createHref ? (
          <Button component={Link} to={createHref} data-testid="upload-project">
            Upload a project
          </Button>
        ) : undefined
      }
    >
      <Stack>
        {!o.hasAccess && (
          <Alert color="yellow" data-testid="notice-no-access">
            {DATASET_MESSAGES.noAccess}{' '}
            <RouteLink to={ROUTES.AccountProfile}>My account</RouteLink>
          </Alert>
        )}
        {o.reachedLimit && (
          <Alert color="yellow" data-testid="notice-limit-reached">
            {DATASET_MESSAGES.reachedLimit}
          </Alert>
        )}
        {o.hasAccess && !o.reachedLimit && o.uploadLimit !== null && o.uploadLimit < DATASET_LIMITS.uploadNoticeBelow && (
          <Alert color="blue" data-testid="notice-upload-limit">
            {DATASET_MESSAGES.uploadLimit(o.uploadLimit)}
          </Alert>
        )}
        <Text size="sm">
          An uploaded SWAT project becomes a dataset from which you <RouteLink to={ROUTES.ProjectCreate}>create projects</RouteLink>. It is yours only until you share it with{' '}
          <RouteLink to={ROUTES.GroupCreate}>a group</RouteLink> or ask for it to be made public.
        </Text>
        <DataGrid<ImportRow>
          api="importdatasets"
          items="datasets"
          columns={DATASET_COLUMNS}
          rowKey={(r) => r.id}
          perPage={DATASET_LIMITS.listPerPage}
          defaultSort="importedDate_desc"
          emptyText="You have not uploaded any projects."
        />
        <Group>
          <RouteLink to={ROUTES.ProjectCreate}>Create a project</RouteLink>
          <RouteLink to={ROUTES.AccountProfile}>My account</RouteLink>
          <RouteLink to={ROUTES.GroupCreate}>Create a group</RouteLink>
        </Group>
      </Stack>
    </PageLayout>
  );
}
