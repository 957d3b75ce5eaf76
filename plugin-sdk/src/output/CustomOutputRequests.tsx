// What the CE-QUAL-W2, flood frequency and baseflow separation pages share (spec 2 §2, §4):
// the page data with live request updates, the request list (running: spinner, no delete;
// error: warning icon, 'Error' and the status message; complete: download link; a Refresh
// progress link while any request runs), the subbasin choice of the forms (all, or chosen ones),
// and the submit action with the spec's success message.
import { Anchor, Badge, Button, Checkbox, Group, Loader, MultiSelect, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { api, fileHref } from '../api/client.ts';
import { useApiQuery } from '../api/hooks.ts';
import { CUSTOM_OUTPUT_EVENT, requestSubbasinCell, type CustomOutputEvent, type CustomOutputPageData, type CustomOutputRequest } from '../custom-outputs.ts';
import { useLiveStatus } from '../live.ts';
import { OUTPUT_MESSAGES } from '../scenarios.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ErrorList } from '../ui/ErrorList.tsx';
import { formatDateTime } from '../ui/format.ts';
import { SuccessAlert } from '../ui/SuccessAlert.tsx';

/** The page data of a tool (`scenarios/output/{path}/{scenarioID}`), refreshed when one of the
 * scenario's requests changes (room `scenario:{id}`, event `custom-output-status`). */
export function useCustomOutputPage(path: string, scenarioID: string, tool: string) {
  const key = `scenarios/output/${path}/${scenarioID}`;
  const query = useApiQuery<CustomOutputPageData>(key);
  const client = useQueryClient();
  const refresh = useCallback(() => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && q.queryKey[1] === key }), [client, key]);
  useLiveStatus<CustomOutputEvent>(scenarioID ? `scenario:${scenarioID}` : null, CUSTOM_OUTPUT_EVENT, (e) => {
    if (String(e.scenarioID) === String(scenarioID) && e.tool === tool) void refresh();
  });
  return { ...query, refresh };
}

export type RequestColumn = { header: string; cell: (r: CustomOutputRequest) => ReactNode };

export type CustomOutputRequestListProps = {
  requests: CustomOutputRequest[];
  /** Columns between the subbasins and the date (output type, filter parameter...). */
  columns?: RequestColumn[];
  /** A link to the request's results page (complete requests). */
  results?: (r: CustomOutputRequest) => ReactNode;
  onRefresh: () => void;
  onDeleted: () => void;
};

function StatusCell({ r }: { r: CustomOutputRequest }) {
  if (r.status === 'running')
    return (
      <Group gap={6} wrap="nowrap" data-testid="request-running">
        <Loader size="xs" />
        <Text size="sm">
          {r.progress > 0 ? `${r.progress}% ` : ''}
          {r.statusMessage}
        </Text>
      </Group>
    );
  if (r.status === 'error')
    return (
      <Group gap={6} wrap="nowrap" data-testid="request-error">
        <Text c="orange" aria-label="warning" component="span">
          ⚠
        </Text>
        <Text size="sm">
          <b>Error</b> {r.statusMessage}
        </Text>
      </Group>
    );
  return (
    <Badge color="green" variant="light" data-testid="request-complete">
      Complete
    </Badge>
  );
}

export function CustomOutputRequestList({ requests, columns = [], results, onRefresh, onDeleted }: CustomOutputRequestListProps) {
  const [deleting, setDeleting] = useState<CustomOutputRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const anyRunning = requests.some((r) => r.status === 'running');
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      await api.delete(`scenarios/output/deletecustomoutputrequest/${deleting.id}`);
      setDeleting(null);
      onDeleted();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  if (requests.length === 0) return <Text c="dimmed">You don't have any requests yet.</Text>;
  return (
    <Stack gap="xs">
      {anyRunning && (
        <Anchor component="button" type="button" size="sm" onClick={onRefresh} data-testid="refresh-progress">
          Refresh progress
        </Anchor>
      )}
      <Table striped withTableBorder data-testid="request-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th>Subbasins</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
            <Table.Th>Last modified</Table.Th>
            <Table.Th>Files</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((r) => (
            <Table.Tr key={r.id} data-testid={`request-${r.id}`} data-status={r.status}>
              <Table.Td>
                <StatusCell r={r} />
              </Table.Td>
              <Table.Td>{requestSubbasinCell(r.subbasins)}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.header}>{c.cell(r)}</Table.Td>
              ))}
              <Table.Td>{formatDateTime(r.lastModifiedDate)}</Table.Td>
              <Table.Td>
                {r.status === 'complete' && r.downloadLink && (
                  <Group gap="sm" wrap="nowrap">
                    <Anchor href={fileHref(r.downloadLink)} download data-testid="request-download">
                      Download
                    </Anchor>
                    {results?.(r)}
                  </Group>
                )}
              </Table.Td>
              <Table.Td>
                {r.status !== 'running' && (
                  <Tooltip label="Delete this request and its files">
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(r)} aria-label="Delete request">
                      Delete
                    </Button>
                  </Tooltip>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmDialog opened={!!deleting} title="Delete request" confirmLabel="Delete" danger busy={busy} error={error} onConfirm={() => void remove()} onCancel={() => setDeleting(null)}>
        Delete this request and its files?
      </ConfirmDialog>
    </Stack>
  );
}

export type SubbasinChoiceValue = { applyToAll: boolean; subbasins: number[] };

/** All subbasins, or chosen ones (spec 2 §5: all or at least one). */
export function SubbasinChoice({ value, onChange, subbasins, error }: { value: SubbasinChoiceValue; onChange: (v: SubbasinChoiceValue) => void; subbasins: { id: number; name: string }[]; error?: string }) {
  return (
    <Stack gap={6}>
      <Checkbox label="All subbasins" checked={value.applyToAll} onChange={(e) => onChange({ ...value, applyToAll: e.currentTarget.checked })} data-testid="all-subbasins" />
      {!value.applyToAll && (
        <MultiSelect
          label="Subbasins"
          placeholder="Choose subbasins"
          data={subbasins.map((s) => ({ value: String(s.id), label: s.name }))}
          value={value.subbasins.map(String)}
          onChange={(v) => onChange({ ...value, subbasins: v.map(Number) })}
          searchable
          clearable
          error={error}
          data-testid="subbasin-select"
        />
      )}
    </Stack>
  );
}

/** The valid subbasin choice of a request form. */
export function subbasinChoiceValid(v: SubbasinChoiceValue): boolean {
  return v.applyToAll || v.subbasins.length > 0;
}

/** Submits a request; shows the spec's success message for 3 seconds and the errors. */
export function useRequestSubmit(path: string, scenarioID: string, onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [submitted, setSubmitted] = useState(false);
  const closeAlert = useCallback(() => setSubmitted(false), []);
  const submit = async (body: unknown) => {
    setBusy(true);
    setError(null);
    try {
      await api.post(`scenarios/output/${path}/${scenarioID}`, body);
      setSubmitted(true);
      onDone();
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const feedback = (
    <>
      <SuccessAlert show={submitted} message={OUTPUT_MESSAGES.requestSubmitted} onClose={closeAlert} />
      <ErrorList error={error} />
    </>
  );
  return { submit, busy, error, feedback };
}
