// /api/batch (spec 3 §2.4): the user's batch requests, 50 per page, last modified first.
import { Alert, Button } from '@mantine/core';
import { DataGrid, Link, ROUTES, RouteLink, formatDateTime, useLinks } from '@headwater/plugin-sdk';
import { AdvancedFrame, BATCH_ACCESS_TEXT, useAccess } from './shared.tsx';

type Row = { id: number; name: string; status: string; lastModifiedDate: string; createdDate: string };

export function BatchListPage() {
  const access = useAccess();
  const link = useLinks();
  const create = link(ROUTES.BatchCreate);
  return (
    <AdvancedFrame
      route="BatchList"
      actions={
        access.data?.batchProjects && create ? (
          <Button component={Link} to={create} data-testid="batch-create">
            Create a batch request
          </Button>
        ) : undefined
      }
    >
      {access.data && !access.data.batchProjects ? (
        <Alert color="gray">{BATCH_ACCESS_TEXT}</Alert>
      ) : (
        access.data && (
          <DataGrid<Row>
            api="api-requests/batch"
            items="batch requests"
            perPage={50}
            defaultSort="lastModifiedDate_desc"
            rowKey={(r) => r.id}
            columns={[
              { key: 'name', title: 'Name', sortable: true, render: (r) => <RouteLink to={ROUTES.BatchView} params={{ id: r.id }}>{r.name}</RouteLink> },
              { key: 'status', title: 'Status', sortable: true },
              { key: 'lastModifiedDate', title: 'Last modified', sortable: true, render: (r) => formatDateTime(r.lastModifiedDate) },
              { key: 'createdDate', title: 'Created', sortable: true, render: (r) => formatDateTime(r.createdDate) },
            ]}
          />
        )
      )}
    </AdvancedFrame>
  );
}
