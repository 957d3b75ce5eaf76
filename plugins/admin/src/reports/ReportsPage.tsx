// Reports (AdminReports, /admin/reports; spec 3 §2.3, §3 Report, §4 'running, then complete;
// live updates arrive', §5 'type required; dataset required unless the type is User Statistics').
// Create a report by type and dataset; the list shows status, created date and file name, the
// file downloads as CSV. A queue job writes each file; its status changes arrive live on the
// `adminreports` channel.
import { Anchor, Badge, Button, Group, Select, Text } from '@mantine/core';
import { ConfirmDialog, DataGrid, ErrorList, PageLayout, authorizedUrl, formatDateTime, queryFallback, useApiMutation, useApiQuery, useLiveStatus, type GridColumn } from '@headwater/plugin-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

type ReportRow = { id: number; name: string; reportType: string; dataset: string; datasetID: number | null; status: 'running' | 'complete' | 'error'; statusMessage: string; createdDate: string; fileName: string | null; rowCount: number | null; createdBy: string };
type Options = { types: { name: string; needsDataset: boolean; description: string }[]; datasets: { value: number; text: string }[] };

const STATUS_COLOR: Record<string, string> = { running: 'blue', complete: 'green', error: 'red' };

export function ReportsPage() {
  const options = useApiQuery<Options>('admin/reports/options');
  const client = useQueryClient();
  const [type, setType] = useState<string | null>(null);
  const [dataset, setDataset] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ReportRow>();
  // every change of any report refreshes the list
  useLiveStatus('adminreports', 'admin-report-status', () => void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && String(q.queryKey[1] ?? '').startsWith('admin/reports?') }));
  const create = useApiMutation<{ name: string | null; datasetID: number | null }, ReportRow>('POST', 'admin/reports', { invalidate: ['admin/reports?'] });
  const remove = useApiMutation<number, unknown>('DELETE', (id) => `admin/reports/${id}`, { invalidate: ['admin/reports?'], onSuccess: () => setDeleting(undefined) });
  const chosen = options.data?.types.find((t) => t.name === type);
  const errors = create.error?.fieldErrors ?? {};

  const columns: GridColumn<ReportRow>[] = [
    { key: 'name', title: 'Name', sortable: true },
    { key: 'dataset', title: 'Dataset', sortable: true },
    {
      key: 'status',
      title: 'Status',
      sortable: true,
      render: (r) => (
        <Badge variant="light" color={STATUS_COLOR[r.status] ?? 'gray'} title={r.statusMessage} data-testid={`report-status-${r.id}`}>
          {r.status}
        </Badge>
      ),
    },
    { key: 'createdDate', title: 'Created', sortable: true, render: (r) => formatDateTime(r.createdDate) },
    {
      key: 'fileName',
      title: 'File',
      sortable: true,
      render: (r) =>
        r.status === 'complete' && r.fileName ? (
          <Anchor href={authorizedUrl(`admin/reports/download/${r.id}`)} download={r.fileName} data-testid={`report-file-${r.id}`}>
            {r.fileName}
          </Anchor>
        ) : r.status === 'error' ? (
          <Text size="sm" c="red">
            {r.statusMessage}
          </Text>
        ) : (
          ''
        ),
    },
    { key: 'createdBy', title: 'Created by', sortable: true },
    {
      key: 'actions',
      title: '',
      render: (r) => (
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(r)} aria-label={`Delete ${r.name}`}>
          Delete
        </Button>
      ),
    },
  ];

  if (!options.data) return <PageLayout title="Reports">{queryFallback(options)}</PageLayout>;
  return (
    <PageLayout title="Reports">
      <ErrorList error={create.error} />
      <Group align="flex-end">
        <Select
          label="Report type"
          required
          data={options.data.types.map((t) => t.name)}
          value={type}
          onChange={setType}
          error={errors.name?.join(' ')}
          w={260}
          data-testid="report-type"
        />
        <Select
          label="Dataset"
          required={chosen?.needsDataset ?? true}
          disabled={chosen ? !chosen.needsDataset : false}
          data={options.data.datasets.map((d) => ({ value: String(d.value), label: d.text }))}
          value={chosen && !chosen.needsDataset ? null : dataset}
          onChange={setDataset}
          error={errors.datasetID?.join(' ')}
          searchable
          w={320}
          data-testid="report-dataset"
        />
        <Button onClick={() => create.mutate({ name: type, datasetID: chosen && !chosen.needsDataset ? null : dataset ? Number(dataset) : null })} loading={create.isPending} data-testid="report-create">
          Create report
        </Button>
      </Group>
      {chosen && (
        <Text size="sm" c="dimmed">
          {chosen.description}
        </Text>
      )}
      <DataGrid<ReportRow> api="admin/reports" columns={columns} rowKey={(r) => r.id} items="reports" perPage={50} defaultSort="createdDate_desc" filterable emptyText="There are no reports yet." />
      <ConfirmDialog
        opened={!!deleting}
        title="Delete this report?"
        danger
        locked
        busy={remove.isPending}
        error={remove.error}
        confirmLabel="Delete"
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(undefined)}
      >
        {deleting?.name} and its file are deleted permanently.
      </ConfirmDialog>
    </PageLayout>
  );
}
