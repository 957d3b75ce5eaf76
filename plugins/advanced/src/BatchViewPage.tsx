// /api/batch/{id} (spec 3 §3 Batch view, §4 Batch request states): running — the progress bar
// live from room `batch:{id}` (reloads at 100), elapsed time, Refresh now; completed — 'Batch
// run completed in {runtime}' with the GeoJSON and cumulative-areas downloads; aborting;
// aborted — 'Batch run aborted.'; error — the name, status message and exception, no settings.
// Abort keeps the projects and files; delete (only when not running) removes them.
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { ConfirmDialog, ErrorList, ProgressView, ROUTES, RouteLink, api, authorizedUrl, useApiQuery, useLinks, useLiveStatus, useNavigate, useParams } from '@headwater/plugin-sdk';
import { AdvancedFrame, yesNo } from './shared.tsx';

type BatchView = {
  id: number;
  name: string;
  status: { status: string; hasError: boolean; statusMessage: string; exceptionMessage: string; isRunning: boolean; currentProgress: number; hasRun: boolean; runtime: string; isAborting: boolean; isAborted: boolean; startRunDate: string | null; numProjects: number; numDone: number };
  batch: Record<string, unknown> & { geojsonDownload: string | null; cumulativeAreasDownload: string | null };
  projects: { id: number | null; rowNumber: number; endingSubbasin: string; startingSubbasins: string[]; status: string; statusMessage: string; progress: number; scenarios: { id: number; hasRun: boolean; runtime: number | null; download: string | null; statusMessage: string }[] }[];
};

const SETTINGS: [string, string, (v: unknown) => string][] = [
  ['dataset', 'Dataset', String],
  ['setAsSingleSubbasinProjects', 'Single-subbasin projects', yesNo],
  ['useSubbasinAsNames', 'Subbasin names as project names', yesNo],
  ['setHruMethod', 'HRU method', (v) => (v === 'target' ? 'Target number of HRUs' : 'Area threshold')],
  ['targetThreshold', 'HRU threshold', String],
  ['setHruUnits', 'HRU units', (v) => (v === 'percent' ? 'Percent of each subbasin' : 'Area (sq. km.)')],
  ['ExemptLanduse', 'Exempt land uses', (v) => (Array.isArray(v) && v.length ? v.join(', ') : 'Water and wetlands')],
  ['NoAreaRedistribution', 'No area redistribution', (v) => (Array.isArray(v) ? v.join(', ') : '')],
  ['weatherDataset', 'Weather dataset', String],
  ['climateChangeScenario', 'Climate change scenario', String],
  ['climateChangeTimePeriod', 'Climate change time period', String],
  ['startingSimulationDate', 'Starting simulation date', String],
  ['endingSimulationDate', 'Ending simulation date', String],
  ['skipYears', 'Warm-up years', String],
  ['printSetting', 'Print setting', String],
  ['swatVersion', 'SWAT version', String],
  ['noModelRun', 'Skip the model run', yesNo],
  ['noOutputProcessing', 'Skip output processing', yesNo],
  ['writeSwatEditor', 'Write SWAT Editor tables', yesNo],
  ['serverPath', 'Files on the server', String],
];

const seconds = (s: number | null) => (s === null ? '' : `${Math.round(s)} s`);

export function BatchViewPage() {
  const { id } = useParams();
  const batch = useApiQuery<BatchView>(`api-requests/batch/${id}`);
  const [live, setLive] = useState<{ progress: number; statusMessage: string } | null>(null);
  useLiveStatus<{ requestID: number; progress: number; statusMessage: string }>(batch.data?.status.isRunning ? `batch:${id}` : null, 'batch-status', (p) => {
    setLive(p);
    if (p.progress >= 100) void batch.refetch(); // spec 3 §4: at progress 100 it reloads
  });
  const navigate = useNavigate();
  const link = useLinks();
  const [confirm, setConfirm] = useState<'abort' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const b = batch.data;
  const act = async () => {
    setBusy(true);
    setActionError(null);
    try {
      if (confirm === 'abort') {
        await api.get(`api-requests/abortbatch/${id}`);
        setConfirm(null);
        await batch.refetch();
      } else {
        await api.delete(`api-requests/deletebatch/${id}`);
        navigate(link(ROUTES.BatchList) ?? '/');
      }
    } catch (err) {
      setActionError(err);
    } finally {
      setBusy(false);
    }
  };
  const s = b?.status;
  return (
    <AdvancedFrame route="BatchView" title={b?.name ?? 'Batch request'} extraCrumb={b?.name}>
      <ErrorList error={batch.error} />
      {b && s && (
        <Stack>
          {s.hasError ? (
            <Alert color="red" title={b.name} data-testid="batch-error">
              <Text>{s.statusMessage}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {s.exceptionMessage}
              </Text>
            </Alert>
          ) : s.isRunning ? (
            <Stack gap="xs" data-testid="batch-running">
              <ProgressView percent={live?.progress ?? s.currentProgress} message={live?.statusMessage ?? s.statusMessage} startedAt={s.startRunDate ?? undefined} onRefresh={() => void batch.refetch()} />
              <Text size="sm" c="dimmed">
                {s.numDone} of {s.numProjects} projects finished.
              </Text>
            </Stack>
          ) : s.isAborted ? (
            <Alert color="yellow" data-testid="batch-aborted">
              Batch run aborted.
            </Alert>
          ) : (
            s.hasRun && (
              <Alert color="green" data-testid="batch-completed">
                <Text>Batch run completed in {s.runtime}</Text>
                <Group mt="xs">
                  {b.batch.geojsonDownload && (
                    <Anchor href={authorizedUrl(b.batch.geojsonDownload)} download>
                      GeoJson
                    </Anchor>
                  )}
                  {b.batch.cumulativeAreasDownload && (
                    <Anchor href={authorizedUrl(b.batch.cumulativeAreasDownload)} download>
                      Cumulative Areas
                    </Anchor>
                  )}
                </Group>
              </Alert>
            )
          )}
          <Group>
            {s.isRunning && !s.isAborting && (
              <Button color="orange" variant="light" onClick={() => setConfirm('abort')} data-testid="batch-abort">
                Abort
              </Button>
            )}
            {!s.isRunning && (
              <Button color="red" variant="light" onClick={() => setConfirm('delete')} data-testid="batch-delete">
                Delete
              </Button>
            )}
          </Group>
          {!s.hasError && (
            <>
              <Title order={4}>Settings</Title>
              <Table withTableBorder fz="sm">
                <Table.Tbody>
                  {SETTINGS.map(([key, label, fmt]) => (
                    <Table.Tr key={key}>
                      <Table.Th w="35%">{label}</Table.Th>
                      <Table.Td>{b.batch[key] === null || b.batch[key] === undefined ? '' : fmt(b.batch[key])}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Title order={4}>Projects</Title>
              <Table withTableBorder striped fz="sm" data-testid="batch-projects">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Ending subbasin</Table.Th>
                    <Table.Th>Starting subbasins</Table.Th>
                    <Table.Th>Project</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Scenario</Table.Th>
                    <Table.Th>Runtime</Table.Th>
                    <Table.Th>Download</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {b.projects.map((p) => {
                    const sc = p.scenarios[0];
                    return (
                      <Table.Tr key={p.rowNumber}>
                        <Table.Td>{p.rowNumber}</Table.Td>
                        <Table.Td>{p.endingSubbasin}</Table.Td>
                        <Table.Td>{p.startingSubbasins.join(', ')}</Table.Td>
                        <Table.Td>{p.id ? <RouteLink to={ROUTES.ProjectView} params={{ id: p.id }}>{p.id}</RouteLink> : ''}</Table.Td>
                        <Table.Td title={p.statusMessage}>
                          {p.status}
                          {p.status === 'Error' ? `: ${p.statusMessage}` : ''}
                        </Table.Td>
                        <Table.Td>{sc && p.id ? <RouteLink to={ROUTES.ScenarioView} params={{ id: p.id, scenarioID: sc.id }}>{sc.hasRun ? 'Has run' : sc.statusMessage || 'Not run'}</RouteLink> : ''}</Table.Td>
                        <Table.Td>{sc ? seconds(sc.runtime) : ''}</Table.Td>
                        <Table.Td>
                          {sc?.download && (
                            <Anchor href={authorizedUrl(sc.download)} download>
                              Scenario files
                            </Anchor>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm === 'abort' ? 'Abort the batch run?' : 'Delete the batch?'}
        confirmLabel={confirm === 'abort' ? 'Abort' : 'Delete'}
        danger
        locked
        busy={busy}
        error={actionError}
        onConfirm={() => void act()}
        onCancel={() => setConfirm(null)}
      >
        {confirm === 'abort'
          ? 'Projects not started yet will not start and running ones stop. The projects and files made so far are kept. An aborted batch cannot be restarted: a new batch is needed.'
          : 'This removes all the files of the batch and all its projects. This cannot be undone.'}
      </ConfirmDialog>
    </AdvancedFrame>
  );
}
