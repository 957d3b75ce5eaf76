// The results of one calibration request (`.../output/calibration/:requestID`, route 3): the
// summary, the best set and its fit in the calibration and validation periods, p-factor and
// r-factor per iteration, dotty plots, the hydrograph with the 95PPU band, CSV downloads, and
// the best set as a new scenario or a calibration option. Live while the request runs.
import { Alert, Anchor, Button, Center, Group, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { api, ApiError, ErrorList, fileHref, formatDateTime, OutputPage, ROUTES, RouteLink, SuccessAlert, useApiQuery, useLiveStatus, useNavigate, useRouteRef, type PageProps } from '@headwater/plugin-sdk';
import { CALIBRATION_REQUIRES, fmt, RunProgress, StatusBadge } from './CalibrationRunsPage.tsx';
import { POLL_MS } from './live.ts';
import { ALGORITHMS, CALIBRATION_EVENT, isActive, OBJECTIVES, type CalibrationEvent, type CalibrationResult, type CalibrationSummary, type Fit } from './request.ts';

const Chart = lazy(() => import('react-apexcharts'));
const DAY = 86_400_000;
const FIT_ROWS: { key: keyof Fit; label: string; digits: number }[] = [
  { key: 'NSE', label: 'NSE', digits: 3 },
  { key: 'KGE', label: 'KGE', digits: 3 },
  { key: 'PBIAS', label: 'PBIAS (%)', digits: 1 },
  { key: 'RSR', label: 'RSR', digits: 3 },
  { key: 'LNSE', label: 'NSE of log flows', digits: 3 },
  { key: 'days', label: 'Days compared', digits: 0 },
];
const resultPath = (id: string) => `scenarios/output/calibration/request/${id}`;

function FitTable({ calibration, validation }: { calibration: Fit; validation: Fit | null }) {
  return (
    <Table withTableBorder striped maw={520} data-testid="fit-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Statistic</Table.Th>
          <Table.Th ta="right">Calibration</Table.Th>
          <Table.Th ta="right">Validation</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {FIT_ROWS.map((r) => (
          <Table.Tr key={r.key} data-testid={`fit-${r.key}`}>
            <Table.Td>{r.label}</Table.Td>
            <Table.Td ta="right">{fmt(calibration[r.key], r.digits)}</Table.Td>
            <Table.Td ta="right">{validation ? fmt(validation[r.key], r.digits) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Objective against one parameter's value, every run with an objective; the best run marked. */
function DottyPlot({ index, label, result }: { index: number; label: string; result: CalibrationResult }) {
  const series = useMemo(() => {
    const runs = result.runs.filter((r) => r.objective !== null && Number.isFinite(r.objective) && r.n !== result.best?.n);
    const best = result.runs.find((r) => r.n === result.best?.n);
    return [
      { name: 'Runs', data: runs.map((r) => [r.values[index]!, r.objective!] as [number, number]) },
      { name: 'Best run', data: best && best.objective !== null ? [[best.values[index]!, best.objective] as [number, number]] : [] },
    ];
  }, [result, index]);
  const objective = result.request.objective;
  return (
    <Paper withBorder p="xs" data-testid={`dotty-${index}`}>
      <Suspense fallback={<Loader size="sm" />}>
        <Chart
          type="scatter"
          height={220}
          series={series}
          options={{
            chart: { id: `dotty-${index}`, animations: { enabled: false }, toolbar: { show: false }, zoom: { enabled: false } },
            title: { text: label, style: { fontSize: '13px' } },
            dataLabels: { enabled: false },
            colors: ['#74c0fc', '#e8590c'],
            markers: { size: [3, 7] },
            xaxis: { type: 'numeric', tickAmount: 4, labels: { formatter: (v: string) => fmtAxis(Number(v)) }, title: { text: label } },
            yaxis: { title: { text: objective }, labels: { formatter: (v: number) => fmtAxis(v) } },
            legend: { show: false },
            tooltip: { x: { formatter: (v: number) => `${label} ${fmtAxis(v)}` } },
          }}
        />
      </Suspense>
    </Paper>
  );
}
const fmtAxis = (v: number) => (Number.isFinite(v) ? v.toLocaleString('en-US', { maximumSignificantDigits: 3 }) : '');

/** Observed flow, the best run and the 95PPU band (SUFI-2), zoomable on the dates. */
function Hydrograph({ h }: { h: NonNullable<CalibrationResult['hydrograph']> }) {
  const series = useMemo(() => {
    const t0 = Date.parse(`${h.firstDate}T00:00:00Z`);
    const t = (i: number) => t0 + i * DAY;
    const out: { name: string; type: string; data: unknown[] }[] = [];
    if (h.lower && h.upper) out.push({ name: '95PPU', type: 'rangeArea', data: h.lower.map((lo, i) => ({ x: t(i), y: [lo, h.upper![i]] })) });
    out.push({ name: 'Observed', type: 'line', data: h.observed.map((v, i) => ({ x: t(i), y: v })) });
    out.push({ name: 'Best run', type: 'line', data: h.best.map((v, i) => ({ x: t(i), y: v })) });
    return out;
  }, [h]);
  const band = !!(h.lower && h.upper);
  return (
    <Suspense fallback={<Loader />}>
      <Chart
        type={band ? 'rangeArea' : 'line'}
        height={380}
        series={series as never}
        options={{
          chart: { id: 'calibration-hydrograph', zoom: { enabled: true, type: 'x' }, animations: { enabled: false }, toolbar: { show: true } },
          dataLabels: { enabled: false },
          colors: band ? ['#a5d8ff', '#212529', '#e8590c'] : ['#212529', '#e8590c'],
          fill: { opacity: band ? [0.45, 1, 1] : [1, 1] },
          stroke: { width: band ? [0, 1.2, 1.5] : [1.2, 1.5], curve: 'straight' },
          xaxis: { type: 'datetime' },
          yaxis: { title: { text: 'Flow (m³/s)' }, labels: { formatter: (v: number) => fmtAxis(v) } },
          tooltip: { shared: true, x: { format: 'yyyy-MM-dd' } },
          legend: { position: 'top' },
        }}
      />
    </Suspense>
  );
}

/** A name dialog for the two actions on the best set; the server's 400 is shown at the name. */
function NameDialog({ title, label, opened, onClose, onSubmit }: { title: string; label: string; opened: boolean; onClose: () => void; onSubmit: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const nameError = error instanceof ApiError ? error.fieldErrors.name?.[0] : undefined;
  const go = async () => {
    if (!name.trim()) return setError(new ApiError(400, { errors: { name: ['Give a name.'] } }));
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name.trim());
      setName('');
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <TextInput label={label} value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} data-autofocus data-testid="name-dialog-input" />
        {!nameError && <ErrorList error={error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void go()} loading={busy} data-testid="name-dialog-submit">
            {title}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function BestSetActions({ projectID, requestID }: { projectID: string; requestID: string }) {
  const navigate = useNavigate();
  const scenarioView = useRouteRef(ROUTES.ScenarioView);
  const [dialog, setDialog] = useState<'scenario' | 'option' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const close = useCallback(() => setSaved(null), []);
  return (
    <Stack gap="xs">
      <Group>
        <Button onClick={() => setDialog('scenario')} data-testid="create-scenario">
          Create a scenario from the best set
        </Button>
        <Button variant="light" onClick={() => setDialog('option')} data-testid="save-option">
          Save as a calibration option
        </Button>
      </Group>
      <SuccessAlert show={!!saved} message={`The best set is saved as the calibration option '${saved ?? ''}'. The Calibration editor offers it.`} onClose={close} />
      <NameDialog
        title="Create the scenario"
        label="Scenario name"
        opened={dialog === 'scenario'}
        onClose={() => setDialog(null)}
        onSubmit={async (name) => {
          const r = await api.post<{ scenarioID: number }>(`${resultPath(requestID)}/scenario`, { name });
          setDialog(null);
          const to = scenarioView?.({ id: projectID, scenarioID: String(r.scenarioID) });
          if (to) navigate(to);
        }}
      />
      <NameDialog
        title="Save the option"
        label="Calibration option name"
        opened={dialog === 'option'}
        onClose={() => setDialog(null)}
        onSubmit={async (name) => {
          await api.post(`${resultPath(requestID)}/option`, { name });
          setDialog(null);
          setSaved(name);
        }}
      />
    </Stack>
  );
}

function Results({ projectID, scenarioID, requestID }: { projectID: string; scenarioID: string; requestID: string }) {
  const client = useQueryClient();
  const [live, setLive] = useState<CalibrationEvent | null>(null);
  const q = useApiQuery<CalibrationResult>(resultPath(requestID), {
    // While it runs the whole answer is reloaded every few seconds; the bar moves with each event.
    refetchInterval: (query) => (query.state.data && isActive(query.state.data.request.status) ? POLL_MS : false),
  });
  useLiveStatus<CalibrationEvent>(scenarioID ? `scenario:${scenarioID}` : null, CALIBRATION_EVENT, (e) => {
    if (String(e.id) !== requestID) return;
    setLive(e);
    if (!isActive(e.status)) void client.invalidateQueries({ predicate: (x) => x.queryKey[0] === 'api' && x.queryKey[1] === resultPath(requestID) });
  });
  if (q.isLoading)
    return (
      <Center p="lg">
        <Loader />
      </Center>
    );
  if (q.error || !q.data) return <ErrorList error={q.error} />;
  const r = q.data;
  const summary: CalibrationSummary = live && live.runsDone >= r.request.runsDone ? { ...r.request, ...live } : r.request;
  const settings = r.request.settings;
  const download = (file: string) => fileHref(`/api/exports/calibration/${requestID}/${file}`);
  const labels = r.parameters.map((p) => `${p.variable} (${p.type === '%' ? '% change' : p.type === 'A' ? 'added' : 'value'})`);
  return (
    <Stack>
      <Group justify="space-between">
        <RouteLink to={ROUTES.CalibrationRunsOutput} params={{ id: projectID, scenarioID }} data-testid="back-to-requests">
          Back to the calibrations
        </RouteLink>
        <Group gap="md">
          <Anchor href={download('runs.csv')} download data-testid="download-runs">
            Runs (CSV)
          </Anchor>
          <Anchor href={download('best.csv')} download data-testid="download-best">
            Best set (CSV)
          </Anchor>
          <Anchor href={download('hydrograph.csv')} download data-testid="download-hydrograph">
            Hydrograph (CSV)
          </Anchor>
        </Group>
      </Group>

      <Paper withBorder p="md" data-testid="calibration-summary">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={4}>{summary.name}</Title>
            <Text size="sm">
              {ALGORITHMS.find((a) => a.value === summary.algorithm)?.label ?? summary.algorithm} · objective {OBJECTIVES.find((o) => o.value === summary.objective)?.label ?? summary.objective}
              {settings?.pbiasBound != null ? ` with |PBIAS| ≤ ${settings.pbiasBound} %` : ''} · reach {settings?.reach}
            </Text>
            {settings && (
              <Text size="xs" c="dimmed">
                Calibration {settings.calibrationPeriod.start} to {settings.calibrationPeriod.end}
                {settings.validationPeriod ? `; validation ${settings.validationPeriod.start} to ${settings.validationPeriod.end}` : '; no validation period'}; {settings.runsPerIteration} runs × {settings.iterations} {summary.algorithm === 'DDS' ? 'batches' : 'iterations'}, seed {settings.seed}.
              </Text>
            )}
            {isActive(summary.status) && live?.ranges && (
              <Text size="xs" data-testid="current-ranges">
                Current ranges: {live.ranges.map((rg, i) => `${r.parameters[i]?.variable ?? i + 1} ${fmtAxis(rg[0])}–${fmtAxis(rg[1])}`).join('; ')}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              Started {formatDateTime(summary.createdAt)}
              {summary.finishedAt ? `, finished ${formatDateTime(summary.finishedAt)}` : ''}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
            <StatusBadge status={summary.status} />
            <RunProgress r={summary} />
          </Stack>
        </Group>
      </Paper>

      {!r.best ? (
        <Alert color={isActive(summary.status) ? 'blue' : 'yellow'} data-testid="no-best">
          {isActive(summary.status) ? 'The first runs are on their way; the results fill in as they finish.' : 'No run finished with an objective: there is no best set.'}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack gap="xs">
              <Title order={5}>Best set (run {r.best.n})</Title>
              <Table withTableBorder striped data-testid="best-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Parameter</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th ta="right">Value</Table.Th>
                    <Table.Th ta="right">Range</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.parameters.map((p, i) => (
                    <Table.Tr key={`${p.variable}-${i}`} data-testid={`best-${p.variable}`}>
                      <Table.Td>
                        {p.variable} <Text span size="xs" c="dimmed">.{p.file}{p.landuses?.length ? ` ${p.landuses.join(', ')}` : ''}{p.subbasins?.length ? ` subbasins ${p.subbasins.join(', ')}` : ''}</Text>
                      </Table.Td>
                      <Table.Td>{p.type}</Table.Td>
                      <Table.Td ta="right">{fmtAxis4(r.best!.values[i])}</Table.Td>
                      <Table.Td ta="right">
                        {p.min} to {p.max}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
            <Stack gap="xs">
              <Title order={5}>Fit of the best run</Title>
              <FitTable calibration={r.best.calibration} validation={r.best.validation} />
            </Stack>
          </SimpleGrid>
          {!isActive(summary.status) && <BestSetActions projectID={projectID} requestID={requestID} />}
        </>
      )}

      {r.iterations.length > 0 && (
        <Stack gap="xs">
          <Title order={5}>{summary.algorithm === 'DDS' ? 'Batches' : 'Iterations'}</Title>
          <Table withTableBorder striped maw={900} data-testid="iteration-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{summary.algorithm === 'DDS' ? 'Batch' : 'Iteration'}</Table.Th>
                <Table.Th ta="right">p-factor</Table.Th>
                <Table.Th ta="right">r-factor</Table.Th>
                <Table.Th ta="right">Best {summary.objective}</Table.Th>
                <Table.Th>Ranges</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.iterations.map((it) => (
                <Table.Tr key={it.iteration} data-testid={`iteration-${it.iteration}`}>
                  <Table.Td>{it.iteration}</Table.Td>
                  <Table.Td ta="right">{fmt(it.pFactor, 2)}</Table.Td>
                  <Table.Td ta="right">{fmt(it.rFactor, 2)}</Table.Td>
                  <Table.Td ta="right">{fmt(it.best)}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{it.ranges.map((rg, i) => `${r.parameters[i]?.variable ?? i + 1} ${fmtAxis(rg[0])}–${fmtAxis(rg[1])}`).join('; ')}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {summary.algorithm === 'SUFI2' && (
            <Text size="xs" c="dimmed">
              p-factor: the share of observed days inside the 95PPU band (1 is best). r-factor: the mean band width over the standard deviation of the observed flow (small is best).
            </Text>
          )}
        </Stack>
      )}

      {r.runs.length > 0 && (
        <Stack gap="xs">
          <Title order={5}>Dotty plots ({r.runs.filter((x) => x.objective !== null).length} runs)</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="dotty-plots">
            {r.parameters.map((p, i) => (
              <DottyPlot key={`${p.variable}-${i}`} index={i} label={labels[i]!} result={r} />
            ))}
          </SimpleGrid>
        </Stack>
      )}

      {r.hydrograph && (
        <Stack gap="xs" data-testid="calibration-hydrograph">
          <Title order={5}>Hydrograph at reach {settings?.reach}</Title>
          <Hydrograph h={r.hydrograph} />
        </Stack>
      )}
    </Stack>
  );
}
const fmtAxis4 = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : String(Number(v.toPrecision(6))));

export function CalibrationRunResultPage(props: PageProps) {
  return (
    <OutputPage {...props} title="Calibration Results" requires={CALIBRATION_REQUIRES}>
      {() => <Results projectID={props.params.id ?? ''} scenarioID={props.params.scenarioID ?? ''} requestID={props.params.requestID ?? ''} />}
    </OutputPage>
  );
}
