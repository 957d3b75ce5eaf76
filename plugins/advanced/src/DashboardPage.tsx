// /api (spec 3 §2.4): the advanced-features dashboard, with the user's API requests (batch and
// regional, 20 per page: spec 3 §9), each linking to its batch or its regional project.
import { Alert, Stack, Text, Title } from '@mantine/core';
import { DataGrid, ErrorList, ROUTES, RouteLink, formatDateTime } from '@headwater/plugin-sdk';
import { AdvancedFrame, BATCH_ACCESS_TEXT, REGIONAL_ACCESS_TEXT, useAccess } from './shared.tsx';

type Row = { id: number; requestType: 'Batch' | 'Regional'; name: string; status: string; lastModifiedDate: string; createdDate: string; projectId: number | null };

export function DashboardPage() {
  const access = useAccess();
  return (
    <AdvancedFrame route="ApiDashboard">
      <ErrorList error={access.error} />
      <Stack>
        <Text>
          Batch project runs create and run many projects from a CSV file of outlet subbasins; regional project runs create a project covering a whole region of a dataset. Everything these pages do can also be
          done with API keys from a script: see the API documentation.
        </Text>
        {access.data && !access.data.batchProjects && <Alert color="gray">{BATCH_ACCESS_TEXT}</Alert>}
        {access.data && !access.data.regionalProjects && <Alert color="gray">{REGIONAL_ACCESS_TEXT}</Alert>}
        <Title order={4}>My API requests</Title>
        <DataGrid<Row>
          api="api-requests"
          items="API requests"
          perPage={20}
          defaultSort="lastModifiedDate_desc"
          rowKey={(r) => r.id}
          columns={[
            { key: 'requestType', title: 'Type', sortable: true },
            {
              key: 'name',
              title: 'Name',
              sortable: true,
              render: (r) =>
                r.requestType === 'Batch' ? (
                  <RouteLink to={ROUTES.BatchView} params={{ id: r.id }} plain>
                    {r.name}
                  </RouteLink>
                ) : r.projectId ? (
                  <RouteLink to={ROUTES.ProjectView} params={{ id: r.projectId }} plain>
                    {r.name}
                  </RouteLink>
                ) : (
                  r.name
                ),
            },
            { key: 'status', title: 'Status', sortable: true },
            { key: 'lastModifiedDate', title: 'Last modified', sortable: true, render: (r) => formatDateTime(r.lastModifiedDate) },
            { key: 'createdDate', title: 'Created', sortable: true, render: (r) => formatDateTime(r.createdDate) },
          ]}
        />
      </Stack>
    </AdvancedFrame>
  );
}
