// /admin/import-huc-v2 (spec 3 §2.3 'HUC Data Version 2 Imports', §4 HUC2 regional import; full
// administrators only, behind the 'huc2ImportsEnabled' flag): each region and resolution placed
// on the server under DATA_DIR/huc2 — idle (Import), running (progress, Abort), error (Error
// opens the details, with Restart), complete (check mark, import date and time, Re-import) — and
// the soils import with its own progress. Live: room 'importhuc2', event
// 'import-huc-version2-status-changed' { importID, progress, statusMessage } (importID 0: soils);
// at 100 the data reloads.
import { ActionIcon, Alert, Anchor, Button, Card, Group, Modal, Popover, Stack, Switch, Table, Text } from '@mantine/core';
import { ErrorList, PageLayout, ProgressView, api, formatDateTime, queryFallback, useAction, useApiQuery, useLiveStatus } from '@headwater/plugin-sdk';
import { useState } from 'react';

type ImportState = {
  id: number;
  region: string;
  digits: number;
  datasetID: number | null;
  importedDate: string | null;
  importTime: number | null;
  status: { isRunning: boolean; hasError: boolean; exceptionMessage: string; isComplete: boolean; isAborting: boolean };
  progress: { percent: number; message: string };
};
type Soils = { count: number; progress: number; isRunning: boolean; hasError: boolean; statusMessage: string };
type Overview = { enabled: boolean; regions: { name: string; resolutions: { value: number; text: string; id: number }[] }[]; imports: Record<number, ImportState>; soils: Soils };
type Live = { importID: number; progress: number; statusMessage: string };

const STARTING = 'Starting import...';
const ABORTING = 'Aborting please wait...';

export function Huc2ImportPage() {
  const data = useApiQuery<Overview>('admin/importHuc2');
  // live progress over the loaded state; a finished import (100) or an ended one reloads
  const [live, setLive] = useState<Record<number, Live>>({});
  useLiveStatus<Live>('importhuc2', 'import-huc-version2-status-changed', (e) => {
    setLive((x) => ({ ...x, [e.importID]: e }));
    if (e.progress >= 100 || e.progress === 0) void data.refetch();
  });
  const [errorOf, setErrorOf] = useState<ImportState | null>(null);
  const act = useAction(async (path: string, id?: number, message: string = STARTING) => {
    await api.post(`admin/importHuc2/${path}`, {});
    if (id !== undefined) setLive((x) => ({ ...x, [id]: { importID: id, progress: message === STARTING ? 1 : (x[id]?.progress ?? 1), statusMessage: message } }));
    setErrorOf(null);
    await data.refetch();
  });
  const enable = useAction(async (value: boolean) => {
    await api.post('admin/importHuc2/enabled', { value });
    await data.refetch();
  });
  const fallback = queryFallback(data, 'HUC Data Version 2 Imports');
  if (fallback) return fallback;
  const o = data.data!;
  const soils = o.soils;
  const soilsLive = live[0];
  const soilsProgress = soils.isRunning ? (soilsLive?.progress ?? soils.progress) : soils.progress;
  return (
    <PageLayout title="HUC Data Version 2 Imports">
      <Stack maw={1000}>
        <ErrorList error={act.error ?? enable.error} />
        <Switch label="Regional imports enabled" checked={o.enabled} onChange={(e) => void enable.run(e.currentTarget.checked)} data-testid="huc2-enabled" />
        {!o.enabled ? (
          <Alert color="gray">Regional (HUC2) imports are turned off. Turn them on to list the regional data placed on the server.</Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Regions are read from the server's regional data folder (DATA_DIR/huc2/&lt;HUC2 code&gt;/huc&lt;8|10|12&gt;, in the dataset format). Each imported region becomes a system dataset.
            </Text>
            {o.regions.length === 0 ? (
              <Alert color="yellow">No regional data was found on the server.</Alert>
            ) : (
              <Table withTableBorder striped data-testid="huc2-regions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Region</Table.Th>
                    <Table.Th>Resolution</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {o.regions.flatMap((r) =>
                    r.resolutions.map((res) => {
                      const imp = o.imports[res.id]!;
                      return (
                        <Table.Tr key={res.id} data-testid={`huc2-import-${r.name}-${res.value}`}>
                          <Table.Td>{r.name}</Table.Td>
                          <Table.Td>{res.text}</Table.Td>
                          <Table.Td>
                            <ImportCell imp={imp} live={live[res.id]} busy={act.busy} onRun={(path, message) => void act.run(path, res.id, message)} onShowError={() => setErrorOf(imp)} />
                          </Table.Td>
                        </Table.Tr>
                      );
                    }),
                  )}
                </Table.Tbody>
              </Table>
            )}
            <Group>
              <Button variant="light" onClick={() => void act.run('all')} loading={act.busy} data-testid="huc2-import-all">
                Import all not yet imported
              </Button>
            </Group>
            <Card withBorder data-testid="huc2-soils">
              <Stack gap="xs">
                <Text fw={600}>Soils</Text>
                <Text size="sm" c="dimmed">
                  The regional soils file (huc2/soils/soils.json) written into every imported region. {soils.count > 0 && `${soils.count.toLocaleString('en-US')} soils imported.`}
                </Text>
                {soils.isRunning && <ProgressView percent={soilsProgress} message={soilsLive?.statusMessage ?? soils.statusMessage} />}
                {soils.hasError && <Alert color="red">{soils.statusMessage}</Alert>}
                {!soils.isRunning && (soils.progress === 0 || soils.progress === 100) && (
                  <Group>
                    <Button size="xs" onClick={() => void act.run('soils', 0)} loading={act.busy} data-testid="huc2-soils-start">
                      {soils.progress === 100 ? 'Re-import soils' : 'Import soils'}
                    </Button>
                    {soils.progress === 100 && <Text size="sm">{soils.statusMessage}</Text>}
                  </Group>
                )}
              </Stack>
            </Card>
          </>
        )}
      </Stack>
      <Modal opened={!!errorOf} onClose={() => setErrorOf(null)} title="Import error">
        {errorOf && (
          <Stack>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {errorOf.status.exceptionMessage || errorOf.progress.message}
            </Text>
            <Group justify="flex-end">
              <Button onClick={() => void act.run(String(errorOf.id), errorOf.id)} loading={act.busy} data-testid="huc2-restart">
                Restart
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </PageLayout>
  );
}

function ImportCell({ imp, live, busy, onRun, onShowError }: { imp: ImportState; live?: Live; busy: boolean; onRun: (path: string, message?: string) => void; onShowError: () => void }) {
  if (imp.status.isRunning) {
    const percent = live?.progress ?? imp.progress.percent;
    const message = live?.statusMessage ?? imp.progress.message;
    return (
      <Group wrap="nowrap" align="center">
        <div style={{ flex: 1, minWidth: 240 }}>
          <ProgressView percent={Math.max(1, percent)} message={message} />
        </div>
        {message !== ABORTING && !imp.status.isAborting && (
          <Anchor component="button" size="sm" onClick={() => onRun(`abort/${imp.id}`, ABORTING)} data-testid={`huc2-abort-${imp.id}`}>
            Abort
          </Anchor>
        )}
      </Group>
    );
  }
  if (imp.status.hasError) {
    return (
      <Button size="xs" color="red" variant="light" onClick={onShowError} data-testid={`huc2-error-${imp.id}`}>
        Error
      </Button>
    );
  }
  if (imp.status.isComplete) {
    return (
      <Group gap="xs">
        <Popover withArrow>
          <Popover.Target>
            <ActionIcon variant="light" color="green" aria-label="Imported" data-testid={`huc2-complete-${imp.id}`}>
              ✓
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="sm">Imported {imp.importedDate ? formatDateTime(imp.importedDate) : ''}</Text>
            {imp.importTime !== null && <Text size="sm">Import time: {imp.importTime.toFixed(1)} s</Text>}
            <Text size="sm">{imp.progress.message}</Text>
          </Popover.Dropdown>
        </Popover>
        <Button size="xs" variant="subtle" onClick={() => onRun(String(imp.id))} disabled={busy} data-testid={`huc2-reimport-${imp.id}`}>
          Re-import
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs">
      <Button size="xs" onClick={() => onRun(String(imp.id))} disabled={busy} data-testid={`huc2-start-${imp.id}`}>
        Import
      </Button>
      {imp.progress.message && <Text size="sm">{imp.progress.message}</Text>}
    </Group>
  );
}
