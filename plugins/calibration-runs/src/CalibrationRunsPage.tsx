// Calibration (issue 24) `.../output/calibration`: the scenario's calibration requests (status,
// progress with runs done/total and the best objective so far, live; abort, delete, results)
// and the request form of route 2. The form checks with the rules the server applies
// (`request.ts`) and shows the server's 400 answer at its fields.
import { Alert, Badge, Button, Group, Loader, MultiSelect, NumberInput, Paper, Progress, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { api, ApiError, ConfirmDialog, ErrorList, formatDateTime, OutputPage, ROUTES, RouteLink, SuccessAlert, useApiQuery, type PageProps } from '@headwater/plugin-sdk';
import { useLiveRequests } from './live.ts';
import {
  ALGORITHMS,
  CALIBRATION_MESSAGES,
  calibrationRequestProblems,
  defaultPeriods,
  FLOW_DEFAULTS,
  FLOW_PARAMETERS,
  isActive,
  LIMITS,
  OBJECTIVES,
  parseObservedCsv,
  simulationWindow,
  totalRuns,
  TYPES,
  type Algorithm,
  type CalibrationPageData,
  type CalibrationRequestBody,
  type CalibrationSummary,
  type CalibrationType,
  type CatalogueParameter,
  type FieldErrors,
  type Objective,
  type Period,
} from './request.ts';

export const CALIBRATION_REQUIRES = { notRun: CALIBRATION_MESSAGES.notRun };
const pagePath = (scenarioID: string) => `scenarios/output/calibration/${scenarioID}`;
export const fmt = (v: number | null | undefined, digits = 3) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(digits));
const STATUS_COLOR: Record<CalibrationSummary['status'], string> = { queued: 'gray', running: 'blue', complete: 'green', aborted: 'yellow', error: 'red' };
const STATUS_LABEL: Record<CalibrationSummary['status'], string> = { queued: 'Queued', running: 'Running', complete: 'Complete', aborted: 'Aborted', error: 'Error' };

export function StatusBadge({ status }: { status: CalibrationSummary['status'] }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="calibration-status">
      {STATUS_LABEL[status]}
    </Badge>
  );
}

/** Runs done of the total, the bar and the best objective so far. */
export function RunProgress({ r }: { r: CalibrationSummary }) {
  const pct = r.runsTotal > 0 ? Math.min(100, (100 * r.runsDone) / r.runsTotal) : r.progress;
  return (
    <Stack gap={2} miw={180}>
      <Progress value={pct} animated={isActive(r.status)} color={STATUS_COLOR[r.status]} data-testid="calibration-progress" aria-label="Runs done" />
      <Text size="xs" data-testid="calibration-runs">
        {r.runsDone} / {r.runsTotal} runs · best {r.objective} {fmt(r.bestObjective)}
      </Text>
      {r.statusMessage && (
        <Text size="xs" c={r.status === 'error' ? 'red' : 'dimmed'}>
          {r.statusMessage}
        </Text>
      )}
      {isActive(r.status) && r.runsAtOnce > 0 && (
        <Text size="xs" c="dimmed" data-testid="calibration-window">
          {r.runsAtOnce === 1 ? 'One run at a time' : `Up to ${r.runsAtOnce} runs at a time`} (your account tier's limit).
        </Text>
      )}
    </Stack>
  );
}

function RequestList({ projectID, scenarioID, rows, onChanged }: { projectID: string; scenarioID: string; rows: CalibrationSummary[]; onChanged: () => void }) {
  const { requests } = useLiveRequests(scenarioID, rows, onChanged);
  const [deleting, setDeleting] = useState<CalibrationSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const act = async (fn: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      after?.();
      onChanged();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  if (requests.length === 0) return <Text c="dimmed">You don't have any calibration requests yet.</Text>;
  return (
    <Stack gap="xs">
      {!deleting && <ErrorList error={error} />}
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder data-testid="calibration-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Algorithm</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Progress</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requests.map((r) => (
              <Table.Tr key={r.id} data-testid={`calibration-${r.id}`} data-status={r.status}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{ALGORITHMS.find((a) => a.value === r.algorithm)?.label ?? r.algorithm}</Table.Td>
                <Table.Td>
                  <StatusBadge status={r.status} />
                </Table.Td>
                <Table.Td>
                  <RunProgress r={r} />
                </Table.Td>
                <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <RouteLink to={ROUTES.CalibrationRunResult} params={{ id: projectID, scenarioID, requestID: r.id }} data-testid="calibration-open">
                      Results
                    </RouteLink>
                    {isActive(r.status) ? (
                      <Button size="compact-xs" variant="light" color="orange" loading={busy} onClick={() => void act(() => api.post(`scenarios/output/calibration/request/${r.id}/abort`))} data-testid="calibration-abort">
                        Abort
                      </Button>
                    ) : (
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(r)} data-testid="calibration-delete">
                        Delete
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={!!deleting}
        title="Delete calibration"
        confirmLabel="Delete"
        danger
        busy={busy}
        error={error}
        onConfirm={() => deleting && void act(() => api.delete(`scenarios/output/calibration/request/${deleting.id}`), () => setDeleting(null))}
        onCancel={() => {
          setDeleting(null);
          setError(null);
        }}
      >
        {`Delete the calibration '${deleting?.name ?? ''}' and its runs?`}
      </ConfirmDialog>
    </Stack>
  );
}

/** A parameter row of the form (numbers as typed). */
export type ParameterRow = { key: number; variable: string; file: string; type: CalibrationType; min: number | string; max: number | string; landuses: string[]; subbasins: number[] };
let rowKey = 0;
export function rowFromCatalogue(c: CatalogueParameter): ParameterRow {
  return { key: ++rowKey, variable: c.variable, file: c.file, type: c.defaultType, min: c.defaultMin, max: c.defaultMax, landuses: [], subbasins: [] };
}
const catalogueKey = (c: { variable: string; file: string }) => `${c.variable}|${c.file}`;
const asNumber = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v));

type Observed = { mode: 'gauge'; gaugeID: string | null } | { mode: 'csv'; fileName: string; csv: string; units: 'm3/s' | 'cfs'; error?: string; days?: number; first?: string; last?: string };

function PeriodInputs({ label, value, onChange, error, testid }: { label: string; value: Period; onChange: (p: Period) => void; error?: string; testid: string }) {
  return (
    <Stack gap={2}>
      <Group gap="xs" align="flex-end">
        <TextInput label={`${label} start`} type="date" value={value.start} onChange={(e) => onChange({ ...value, start: e.currentTarget.value })} w={170} error={!!error} data-testid={`${testid}-start`} />
        <TextInput label={`${label} end`} type="date" value={value.end} onChange={(e) => onChange({ ...value, end: e.currentTarget.value })} w={170} error={!!error} data-testid={`${testid}-end`} />
      </Group>
      {error && (
        <Text c="red" size="xs" data-testid={`${testid}-error`}>
          {error}
        </Text>
      )}
    </Stack>
  );
}

function ParametersTable({ data, rows, setRows, error }: { data: CalibrationPageData; rows: ParameterRow[]; setRows: (f: (r: ParameterRow[]) => ParameterRow[]) => void; error?: string[] }) {
  const [adding, setAdding] = useState<string | null>(null);
  const catalogue = useMemo(() => new Map(data.parameters.map((c) => [catalogueKey(c), c])), [data.parameters]);
  const patch = (key: number, p: Partial<ParameterRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...p } : r)));
  const add = (k: string | null) => {
    const c = k ? catalogue.get(k) : undefined;
    if (c) setRows((rs) => [...rs, rowFromCatalogue(c)]);
    setAdding(null);
  };
  return (
    <Stack gap="xs">
      <Title order={5}>Parameters</Title>
      <Table.ScrollContainer minWidth={960}>
        <Table withTableBorder data-testid="parameter-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Parameter</Table.Th>
              <Table.Th>Change type</Table.Th>
              <Table.Th>Min</Table.Th>
              <Table.Th>Max</Table.Th>
              <Table.Th>Land uses</Table.Th>
              <Table.Th>Subbasins</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => {
              const c = catalogue.get(catalogueKey(r));
              return (
                <Table.Tr key={r.key} data-testid={`parameter-${r.variable}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {r.variable}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c ? `${c.label} (.${c.file}${c.units ? `, ${c.units}` : ''}) · limits ${c.limits[0]} to ${c.limits[1]}` : `.${r.file}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      data={TYPES}
                      value={r.type}
                      allowDeselect={false}
                      w={190}
                      aria-label={`${r.variable} change type`}
                      data-testid={`parameter-${r.variable}-type`}
                      onChange={(t) => {
                        if (!t) return;
                        const type = t as CalibrationType;
                        // The catalogue's range is for its own change type; another type starts empty.
                        patch(r.key, c && type === c.defaultType ? { type, min: c.defaultMin, max: c.defaultMax } : { type, min: '', max: '' });
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput value={r.min} onChange={(v) => patch(r.key, { min: v })} w={110} decimalScale={6} aria-label={`${r.variable} min`} data-testid={`parameter-${r.variable}-min`} />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput value={r.max} onChange={(v) => patch(r.key, { max: v })} w={110} decimalScale={6} aria-label={`${r.variable} max`} data-testid={`parameter-${r.variable}-max`} />
                  </Table.Td>
                  <Table.Td>
                    {c?.perLanduse ? (
                      <MultiSelect data={data.landUses.map((l) => ({ value: l.code, label: `${l.code} — ${l.name}` }))} value={r.landuses} onChange={(v) => patch(r.key, { landuses: v })} placeholder="All" searchable clearable w={180} aria-label={`${r.variable} land uses`} />
                    ) : (
                      <Text size="xs" c="dimmed">
                        All
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {c?.perSubbasin ? (
                      <MultiSelect data={data.reaches.map((s) => ({ value: String(s.number), label: s.name || String(s.number) }))} value={r.subbasins.map(String)} onChange={(v) => patch(r.key, { subbasins: v.map(Number) })} placeholder="All" searchable clearable w={160} aria-label={`${r.variable} subbasins`} />
                    ) : (
                      <Text size="xs" c="dimmed">
                        All
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))} data-testid={`parameter-${r.variable}-remove`}>
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Select
        placeholder="Add a parameter"
        data={data.parameters.map((c) => ({ value: catalogueKey(c), label: `${c.variable} — ${c.label} (.${c.file})` }))}
        value={adding}
        onChange={add}
        searchable
        w={360}
        aria-label="Add a parameter"
        data-testid="parameter-add"
      />
      {error?.map((m) => (
        <Text key={m} c="red" size="xs" data-testid="parameters-error">
          {m}
        </Text>
      ))}
    </Stack>
  );
}

function RequestForm({ data, onSubmitted }: { data: CalibrationPageData; onSubmitted: () => void }) {
  const window = simulationWindow(data.simulation);
  const firstGauge = data.gauges[0] ?? null;
  const initial = defaultPeriods(window, firstGauge);
  const [name, setName] = useState('');
  const [observed, setObserved] = useState<Observed>({ mode: 'gauge', gaugeID: firstGauge ? String(firstGauge.id) : null });
  const [reach, setReach] = useState<string | null>(firstGauge?.reach != null ? String(firstGauge.reach) : null);
  const [calibration, setCalibration] = useState<Period>(initial.calibration);
  const [validate, setValidate] = useState(initial.validation !== null);
  const [validation, setValidation] = useState<Period>(initial.validation ?? initial.calibration);
  const [objective, setObjective] = useState<Objective>('NSE');
  // The form starts with a flow calibration that meets the goals on the demo watershed
  // (README: DDS, 30 batches of 10 runs, |PBIAS| ≤ 15 %, the eight parameters of FLOW_PARAMETERS).
  const [pbiasBound, setPbiasBound] = useState<number | string>(FLOW_DEFAULTS.pbiasBound);
  const [algorithm, setAlgorithm] = useState<Algorithm>(FLOW_DEFAULTS.algorithm);
  const [runsPerIteration, setRunsPerIteration] = useState<number | string>(FLOW_DEFAULTS.runsPerIteration);
  const [iterations, setIterations] = useState<number | string>(FLOW_DEFAULTS.iterations);
  const [seed, setSeed] = useState<number | string>(FLOW_DEFAULTS.seed);
  const [rows, setRows] = useState<ParameterRow[]>(() =>
    FLOW_PARAMETERS.flatMap((v) => data.parameters.filter((c) => catalogueKey(c) === v).map(rowFromCatalogue)));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const [submitted, setSubmitted] = useState(false);
  const closeAlert = useCallback(() => setSubmitted(false), []);

  const choosePeriodsFor = (o: { firstDate: string; lastDate: string } | null) => {
    const p = defaultPeriods(window, o);
    setCalibration(p.calibration);
    setValidate(p.validation !== null);
    if (p.validation) setValidation(p.validation);
  };
  const chooseGauge = (id: string | null) => {
    setObserved({ mode: 'gauge', gaugeID: id });
    const g = data.gauges.find((x) => String(x.id) === id);
    if (g?.reach != null) setReach(String(g.reach));
    if (g) choosePeriodsFor(g);
  };
  const readFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > LIMITS.csvBytes) return setObserved({ mode: 'csv', fileName: file.name, csv: '', units: 'm3/s', error: CALIBRATION_MESSAGES.csvTooBig });
    const csv = await file.text();
    const parsed = parseObservedCsv(csv);
    const units = observed.mode === 'csv' ? observed.units : 'm3/s';
    if ('error' in parsed) return setObserved({ mode: 'csv', fileName: file.name, csv, units, error: parsed.error });
    const first = parsed.dates.reduce((a, b) => (a < b ? a : b));
    const last = parsed.dates.reduce((a, b) => (a > b ? a : b));
    setObserved({ mode: 'csv', fileName: file.name, csv, units, days: parsed.dates.length, first, last });
    choosePeriodsFor({ firstDate: first, lastDate: last });
  };

  const body: CalibrationRequestBody = {
    name: name.trim(),
    observed: observed.mode === 'gauge' ? { gaugeID: Number(observed.gaugeID) } : { csv: observed.csv, units: observed.units },
    reach: reach === null ? NaN : Number(reach),
    calibrationPeriod: calibration,
    validationPeriod: validate ? validation : null,
    objective,
    pbiasBound: pbiasBound === '' ? null : asNumber(pbiasBound),
    algorithm,
    runsPerIteration: asNumber(runsPerIteration),
    iterations: asNumber(iterations),
    seed: asNumber(seed),
    parameters: rows.map((r) => ({
      variable: r.variable,
      file: r.file,
      type: r.type,
      min: asNumber(r.min),
      max: asNumber(r.max),
      ...(r.landuses.length ? { landuses: r.landuses } : {}),
      ...(r.subbasins.length ? { subbasins: r.subbasins } : {}),
    })),
  };
  const problems = calibrationRequestProblems(body, data);
  const fromServer: FieldErrors = serverError instanceof ApiError ? serverError.fieldErrors : {};
  const err = (f: string) => (touched ? problems[f] : undefined) ?? fromServer[f];
  const first = (f: string) => err(f)?.[0];
  const fieldNames = new Set(['name', 'observed', 'reach', 'calibrationPeriod', 'validationPeriod', 'objective', 'pbiasBound', 'algorithm', 'runsPerIteration', 'iterations', 'seed', 'parameters']);
  // A server message of no field of the form is shown above the button.
  const otherServerError = serverError && (!(serverError instanceof ApiError) || !Object.keys(serverError.fieldErrors).some((f) => fieldNames.has(f))) ? serverError : null;

  const submit = async () => {
    setTouched(true);
    setServerError(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await api.post<{ id: number }>(`scenarios/output/calibration/${data.scenario.id}`, body);
      setSubmitted(true);
      setTouched(false);
      setName('');
      onSubmitted();
    } catch (e) {
      setServerError(e);
    } finally {
      setBusy(false);
    }
  };
  const algo = ALGORITHMS.find((a) => a.value === algorithm)!;
  const total = totalRuns(asNumber(runsPerIteration), asNumber(iterations));

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>New calibration</Title>
        <Text size="sm" c="dimmed">
          Each run changes the chosen parameters of this scenario's inputs and simulates it on the workers; the simulated flow of the reach is compared with the observed flow.
        </Text>
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} w={320} error={first('name')} data-testid="calibration-name" />

        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Observed flow
          </Text>
          <SegmentedControl
            w={260}
            value={observed.mode}
            onChange={(m) => (m === 'gauge' ? chooseGauge(firstGauge ? String(firstGauge.id) : null) : setObserved({ mode: 'csv', fileName: '', csv: '', units: 'm3/s' }))}
            data={[
              { value: 'gauge', label: 'A gauge' },
              { value: 'csv', label: 'A CSV file' },
            ]}
            data-testid="observed-mode"
          />
          {observed.mode === 'gauge' ? (
            <Select
              label="Gauge"
              placeholder={data.gauges.length ? 'Choose a gauge' : 'This dataset has no gauge: upload a CSV file'}
              data={data.gauges.map((g) => ({ value: String(g.id), label: `${g.name} (${g.firstDate} to ${g.lastDate}, ${g.days} days)` }))}
              value={observed.gaugeID}
              onChange={chooseGauge}
              w={420}
              error={first('observed')}
              data-testid="observed-gauge"
            />
          ) : (
            <Stack gap={4}>
              <Group align="flex-end">
                <TextInput label="CSV file (date,value per line; dates YYYY-MM-DD)" type="file" accept=".csv,.txt,text/csv" onChange={(e) => void readFile(e.currentTarget.files?.[0] ?? null)} w={320} data-testid="observed-file" />
                <Select label="Units" data={['m3/s', 'cfs']} value={observed.units} allowDeselect={false} onChange={(u) => u && setObserved({ ...observed, units: u as 'm3/s' | 'cfs' })} w={110} data-testid="observed-units" />
              </Group>
              {observed.days !== undefined && (
                <Text size="xs" c="dimmed" data-testid="observed-summary">
                  {observed.fileName}: {observed.days} days, {observed.first} to {observed.last}.
                </Text>
              )}
              {(observed.error ?? first('observed')) && (
                <Text c="red" size="xs" data-testid="observed-error">
                  {observed.error ?? first('observed')}
                </Text>
              )}
            </Stack>
          )}
        </Stack>

        <Select label="Compared at reach" data={data.reaches.map((r) => ({ value: String(r.number), label: r.name && r.name !== String(r.number) ? `${r.number} — ${r.name}` : String(r.number) }))} value={reach} onChange={setReach} searchable w={260} error={first('reach')} data-testid="calibration-reach" />

        <Text size="sm" c="dimmed">
          The simulation runs {data.simulation.start} to {data.simulation.end} with {data.simulation.warmupYears} warm-up years: periods from {window.start} to {window.end}.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <PeriodInputs label="Calibration" value={calibration} onChange={setCalibration} error={first('calibrationPeriod')} testid="calibration-period" />
          <Stack gap={4}>
            <SegmentedControl
              w={260}
              value={validate ? 'yes' : 'no'}
              onChange={(v) => setValidate(v === 'yes')}
              data={[
                { value: 'yes', label: 'Validation period' },
                { value: 'no', label: 'No validation' },
              ]}
              data-testid="validation-toggle"
            />
            {validate && <PeriodInputs label="Validation" value={validation} onChange={setValidation} error={first('validationPeriod')} testid="validation-period" />}
          </Stack>
        </SimpleGrid>

        <Group align="flex-start">
          <Select label="Objective" data={OBJECTIVES} value={objective} allowDeselect={false} onChange={(v) => v && setObjective(v as Objective)} w={280} error={first('objective')} data-testid="calibration-objective" />
          <NumberInput label="|PBIAS| bound (%)" description="Optional: runs beyond it do not count as good." value={pbiasBound} onChange={setPbiasBound} min={0} max={100} clampBehavior="none" w={220} error={first('pbiasBound')} data-testid="calibration-pbias" />
        </Group>

        <Stack gap={4}>
          <Select label="Algorithm" data={ALGORITHMS.map((a) => ({ value: a.value, label: a.label }))} value={algorithm} allowDeselect={false} onChange={(v) => v && setAlgorithm(v as Algorithm)} w={200} error={first('algorithm')} data-testid="calibration-algorithm" />
          <Text size="xs" c="dimmed" data-testid="algorithm-help">
            {algo.help}
          </Text>
        </Stack>
        <Group align="flex-start">
          <NumberInput label={algorithm === 'DDS' ? 'Runs per batch' : 'Runs per iteration'} value={runsPerIteration} onChange={setRunsPerIteration} allowDecimal={false} w={170} error={first('runsPerIteration')} data-testid="calibration-runs-per-iteration" />
          <NumberInput label={algorithm === 'DDS' ? 'Batches' : 'Iterations'} value={iterations} onChange={setIterations} allowDecimal={false} w={130} error={first('iterations')} data-testid="calibration-iterations" />
          <NumberInput label="Seed" value={seed} onChange={setSeed} allowDecimal={false} w={150} error={first('seed')} data-testid="calibration-seed" />
          <Text size="sm" mt={30} data-testid="calibration-total">
            {Number.isFinite(total) ? `${total} runs in all` : ''}
          </Text>
        </Group>

        <ParametersTable data={data} rows={rows} setRows={setRows} error={err('parameters')} />

        <SuccessAlert show={submitted} message="Your calibration has started." onClose={closeAlert} />
        {otherServerError ? <ErrorList error={otherServerError} /> : null}
        {touched && Object.keys(problems).length > 0 && (
          <Text c="red" size="sm" data-testid="form-problems">
            Correct the fields marked in red.
          </Text>
        )}
        <Group>
          <Button onClick={() => void submit()} loading={busy} disabled={data.scenario.isRunning} data-testid="calibration-submit">
            Start calibration
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CalibrationTool({ projectID, scenarioID }: { projectID: string; scenarioID: string }) {
  const q = useApiQuery<CalibrationPageData>(pagePath(scenarioID));
  const client = useQueryClient();
  const refresh = useCallback(() => void client.invalidateQueries({ predicate: (x) => x.queryKey[0] === 'api' && x.queryKey[1] === pagePath(scenarioID) }), [client, scenarioID]);
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <ErrorList error={q.error} />;
  const data = q.data;
  let notice: ReactNode = null;
  if (!data.scenario.hasRun)
    notice = (
      <Alert color="yellow" data-testid="calibration-not-run">
        {CALIBRATION_MESSAGES.notRun}
      </Alert>
    );
  return (
    <Stack>
      <Title order={4}>Calibrations</Title>
      <RequestList projectID={projectID} scenarioID={scenarioID} rows={data.requests} onChanged={refresh} />
      {notice ?? <RequestForm data={data} onSubmitted={refresh} />}
      <Text size="xs" c="dimmed">
        The best set can become a new scenario or a calibration option of the dataset, from its results page.
      </Text>
    </Stack>
  );
}

export function CalibrationRunsPage(props: PageProps) {
  return (
    <OutputPage {...props} title="Calibration" requires={CALIBRATION_REQUIRES}>
      {() => <CalibrationTool projectID={props.params.id ?? ''} scenarioID={props.params.scenarioID ?? ''} />}
    </OutputPage>
  );
}
