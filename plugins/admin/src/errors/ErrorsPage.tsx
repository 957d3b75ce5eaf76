// Feedback and error reports (AdminErrors; spec 3 §2.3): every report and feedback of the site,
// 50 per page, newest first, filterable by text and by status, with a CSV export. Each row
// opens the update page (AdminErrorReport).
import { Badge, SegmentedControl } from '@mantine/core';
import { DataGrid, ERROR_REPORT_STATUSES, PageLayout, ROUTES, RouteLink, formatDateTime, type GridColumn } from '@headwater/plugin-sdk';
import { useState } from 'react';

export type AdminErrorRow = { id: number; title: string; userName: string; project: string; projectID: number | null; scenario: string; scenarioID: number | null; status: string; dateSubmitted: string; resolvedBy: string | null; resolvedDate: string | null };

export const STATUS_COLOR: Record<string, string> = { Submitted: 'blue', Working: 'orange', Resolved: 'green' };

const COLUMNS: GridColumn<AdminErrorRow>[] = [
  { key: 'id', title: 'ID', sortable: true },
  {
    key: 'title',
    title: 'Title',
    sortable: true,
    render: (r) => (
      <RouteLink to={ROUTES.AdminErrorReport} params={{ id: r.id }} data-testid={`admin-error-${r.id}`}>
        {r.title}
      </RouteLink>
    ),
  },
  { key: 'userName', title: 'User', sortable: true },
  { key: 'project', title: 'Project', sortable: true, render: (r) => r.project || 'General feedback' },
  { key: 'scenario', title: 'Scenario', sortable: true },
  {
    key: 'status',
    title: 'Status',
    sortable: true,
    render: (r) => (
      <Badge variant="light" color={STATUS_COLOR[r.status] ?? 'gray'}>
        {r.status}
      </Badge>
    ),
  },
  { key: 'dateSubmitted', title: 'Submitted', sortable: true, render: (r) => formatDateTime(r.dateSubmitted) },
  { key: 'resolvedDate', title: 'Resolved', sortable: true, render: (r) => (r.resolvedDate ? `${formatDateTime(r.resolvedDate)}${r.resolvedBy ? ` by ${r.resolvedBy}` : ''}` : '') },
];

export function ErrorsPage() {
  const [status, setStatus] = useState('All');
  const params: Record<string, string> = status === 'All' ? {} : { status };
  return (
    <PageLayout title="Feedback and error reports">
      <SegmentedControl data={['All', ...ERROR_REPORT_STATUSES]} value={status} onChange={setStatus} w="fit-content" data-testid="admin-errors-status" />
      <DataGrid<AdminErrorRow>
        api="admin/errorreports"
        columns={COLUMNS}
        rowKey={(r) => r.id}
        items="error reports"
        perPage={50}
        defaultSort="dateSubmitted_desc"
        exportPath="admin/errorreports?format=csv"
        params={params}
        emptyText="There are no reports."
      />
    </PageLayout>
  );
}
