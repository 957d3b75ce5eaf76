// /api/batch/create (spec 3 §2.4, §3 Batch create payload, §5, §9 batch defaults): the CSV
// drop area (Ending_Subbasin required, optional Starting_Subbasins, leading zeros kept, problems
// listed with their line numbers), the batch name, the dataset (system groups and 'User-submitted
// datasets'), batch options, HRU settings, simulation settings; Submit stays disabled until the
// CSV yields at least one subbasin. The server checks everything again and answers by field.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { ErrorList, ROUTES, UploadArea, api, useApiQuery, useLinks, useNavigate } from '@headwater/plugin-sdk';
import { AdvancedFrame, BATCH_ACCESS_TEXT, useAccess } from './shared.tsx';

type Option = { value: number | string; text: string };
type OptionGroup = { label: string; options: Option[] };
type BatchOptions = {
  datasets: OptionGroup[];
  userDatasets: Option[];
  printSettings: Option[];
  hruMethods: Option[];
  hruUnits: Option[];
  defaultDataset: number | null;
  defaultWetlands: string[];
  defaultSetHruMethod: string;
  defaultSetHruUnits: string;
  defaults: { useSubbasinAsNames: boolean; skipYears: number; printSetting: number; targetThreshold: number; noOutputProcessing: boolean; noModelRun: boolean; writeSwatEditor: boolean };
};
type Weather = { id: number; name: string; startDate: string; endDate: string };
type DatasetOptions = {
  weatherDatasets: { label: string; options: Weather[] }[];
  climateChangeScenarios: { id: number; name: string }[];
  climateChangeTimePeriods: { id: number; name: string; startDate: string; endDate: string }[];
  swatVersions: { id: number; name: string }[];
  defaultSwatVersion: number | null;
  defaultWeatherDataset: number | null;
};
type ProjectSubbasins = { endingSubbasin: string; startingSubbasins: string[] };

export const CSV_UPLOAD_BYTES = 1000 * 1024 * 1024; // spec 3 §9
export const CSV_UPLOAD_TIMEOUT_MS = 3_600_000;

/** Five years from the weather's first day (as the scenario form does), capped at its last. */
function defaultPeriod(w: Weather | undefined): { start: string; end: string } {
  if (!w) return { start: '', end: '' };
  const y = Number(w.startDate.slice(0, 4)) + 5;
  const end = `${y}${w.startDate.slice(4)}`;
  const d = new Date(`${end}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  const e = d.toISOString().slice(0, 10);
  return { start: w.startDate, end: e > w.endDate ? w.endDate : e };
}

const splitList = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

export function BatchCreatePage() {
  const access = useAccess();
  const options = useApiQuery<BatchOptions>(access.data?.batchProjects ? 'api-requests/batchoptions' : null);
  const navigate = useNavigate();
  const link = useLinks();
  const [rows, setRows] = useState<ProjectSubbasins[]>([]);
  const [fileName, setFileName] = useState('');
  const [name, setName] = useState('');
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const [single, setSingle] = useState(false);
  const [useNames, setUseNames] = useState(true);
  const [method, setMethod] = useState<string | null>('area');
  const [units, setUnits] = useState<string | null>('area');
  const [threshold, setThreshold] = useState<number | string>(0.5);
  const [exempt, setExempt] = useState('');
  const [noRedistribution, setNoRedistribution] = useState('');
  const [weatherId, setWeatherId] = useState<string | null>(null);
  const [climateId, setClimateId] = useState<string | null>(null);
  const [periodId, setPeriodId] = useState<string | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [skipYears, setSkipYears] = useState<number | string>(2);
  const [printSetting, setPrintSetting] = useState<string | null>('0');
  const [versionId, setVersionId] = useState<string | null>(null);
  const [noOutputProcessing, setNoOutputProcessing] = useState(true);
  const [noModelRun, setNoModelRun] = useState(false);
  const [writeSwatEditor, setWriteSwatEditor] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  // the spec's defaults, overridden by the server's
  useEffect(() => {
    const o = options.data;
    if (!o) return;
    setDatasetId((d) => d ?? (o.defaultDataset ? String(o.defaultDataset) : null));
    setMethod(o.defaultSetHruMethod);
    setUnits(o.defaultSetHruUnits);
    setThreshold(o.defaults.targetThreshold);
    setUseNames(o.defaults.useSubbasinAsNames);
    setSkipYears(o.defaults.skipYears);
    setPrintSetting(String(o.defaults.printSetting));
    setNoOutputProcessing(o.defaults.noOutputProcessing);
    setNoModelRun(o.defaults.noModelRun);
    setWriteSwatEditor(o.defaults.writeSwatEditor);
  }, [options.data]);

  const dsOptions = useApiQuery<DatasetOptions>(datasetId ? `api-requests/batchdatasetoptions/${datasetId}` : null);
  const weather = useMemo(() => (dsOptions.data?.weatherDatasets ?? []).flatMap((g) => g.options), [dsOptions.data]);
  useEffect(() => {
    const d = dsOptions.data;
    if (!d) return;
    const w = weather.find((x) => x.id === d.defaultWeatherDataset) ?? weather[0];
    setWeatherId(w ? String(w.id) : null);
    const p = defaultPeriod(w);
    setStart(p.start);
    setEnd(p.end);
    setVersionId(d.defaultSwatVersion ? String(d.defaultSwatVersion) : null);
  }, [dsOptions.data, weather]);

  const datasetData = [
    ...(options.data?.datasets ?? []).map((g) => ({ group: g.label, items: g.options.map((o) => ({ value: String(o.value), label: o.text })) })),
    ...(options.data?.userDatasets.length ? [{ group: 'User-submitted datasets', items: options.data.userDatasets.map((o) => ({ value: String(o.value), label: o.text })) }] : []),
  ];
  const selectedWeather = weather.find((w) => String(w.id) === weatherId);
  const selectedPeriod = dsOptions.data?.climateChangeTimePeriods.find((p) => String(p.id) === periodId);
  const range = selectedPeriod ?? selectedWeather;

  const submit = async () => {
    setError(null);
    if (!datasetId) return setError('Please select a dataset.');
    setBusy(true);
    try {
      const { id } = await api.post<{ id: number }>('api-requests/createbatch', {
        name,
        batch: {
          datasetID: Number(datasetId),
          projectSubbasins: rows,
          setAsSingleSubbasinProjects: single,
          useSubbasinAsNames: useNames,
          startingSimulationDate: start,
          endingSimulationDate: end,
          skipYears: Number(skipYears),
          printSetting: printSetting === null ? null : Number(printSetting),
          setHruMethod: method,
          setHruUnits: units,
          exemptLanduse: splitList(exempt),
          noAreaRedistribution: splitList(noRedistribution),
          targetThreshold: Number(threshold),
          weatherDatasetID: weatherId ? Number(weatherId) : null,
          climateChangeScenarioID: climateId ? Number(climateId) : null,
          climateChangeTimePeriodID: periodId ? Number(periodId) : null,
          swatVersionID: versionId ? Number(versionId) : null,
          noOutputProcessing,
          noModelRun,
          writeSwatEditor,
          deleteProjectsWhenDone: false,
        },
      });
      const view = link(ROUTES.BatchView, { id });
      if (view) navigate(view);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  if (access.data && !access.data.batchProjects)
    return (
      <AdvancedFrame route="BatchCreate">
        <Alert color="gray">{BATCH_ACCESS_TEXT}</Alert>
      </AdvancedFrame>
    );

  return (
    <AdvancedFrame route="BatchCreate">
      <Stack>
        <ErrorList error={options.error ?? dsOptions.error} />
        <Fieldset legend="Projects (CSV file)">
          <UploadArea<{ projectSubbasins: ProjectSubbasins[]; name: string }>
            url="api-requests/uploadbatch"
            extensions={['.csv']}
            label="Batch CSV file"
            maxBytes={CSV_UPLOAD_BYTES}
            timeoutMs={CSV_UPLOAD_TIMEOUT_MS}
            hint={
              <Text size="sm" c="dimmed">
                One project per line. A column named Ending_Subbasin (the outlet subbasin's name) is required; an optional Starting_Subbasins column lists, comma separated and in quotes, the subbasins where
                the project starts (ignored for single-subbasin projects). Names are kept as written: leading zeros stay.
              </Text>
            }
            onUploaded={(r, file) => {
              setRows(r.projectSubbasins);
              setFileName(file.name);
              setName((n) => n || r.name);
            }}
          />
          {rows.length > 0 && (
            <Stack gap="xs" mt="sm">
              <Text size="sm" data-testid="batch-csv-count">
                {fileName}: {rows.length} project{rows.length === 1 ? '' : 's'}
              </Text>
              <Table withTableBorder striped fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Ending subbasin</Table.Th>
                    <Table.Th>Starting subbasins</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.slice(0, 20).map((r, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{r.endingSubbasin}</Table.Td>
                      <Table.Td>{single ? '' : r.startingSubbasins.join(', ')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {rows.length > 20 && <Text size="xs" c="dimmed">and {rows.length - 20} more</Text>}
            </Stack>
          )}
        </Fieldset>
        <TextInput label="Batch name" required value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="batch-name" />
        <Select label="Dataset" required data={datasetData} value={datasetId} onChange={setDatasetId} searchable data-testid="batch-dataset" />
        <Fieldset legend="Batch options">
          <Stack gap="xs">
            <Checkbox label="Set as single-subbasin projects (each project is its ending subbasin only; Starting_Subbasins is ignored)" checked={single} onChange={(e) => setSingle(e.currentTarget.checked)} />
            <Checkbox label="Use the ending subbasin's name as the project name" checked={useNames} onChange={(e) => setUseNames(e.currentTarget.checked)} />
            <Checkbox label="Skip the model run (write the SWAT input files only)" checked={noModelRun} onChange={(e) => setNoModelRun(e.currentTarget.checked)} />
            <Checkbox label="Skip output processing (outputs stay in the scenario files, not in charts and maps)" checked={noOutputProcessing} onChange={(e) => setNoOutputProcessing(e.currentTarget.checked)} />
            <Checkbox label="Write SWAT Editor tables" checked={writeSwatEditor} onChange={(e) => setWriteSwatEditor(e.currentTarget.checked)} />
          </Stack>
        </Fieldset>
        <Fieldset legend="HRU settings">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select label="Method" data={(options.data?.hruMethods ?? []).map((m) => ({ value: String(m.value), label: m.text }))} value={method} onChange={setMethod} />
            <Select label="Units" data={(options.data?.hruUnits ?? []).map((m) => ({ value: String(m.value), label: m.text }))} value={units} onChange={setUnits} disabled={method === 'target'} />
            <NumberInput label={method === 'target' ? 'Target number of HRUs' : 'Threshold'} value={threshold} onChange={setThreshold} min={0} decimalScale={method === 'target' ? 0 : 3} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            <TextInput label="Exempt land uses (comma separated)" placeholder={options.data?.defaultWetlands.join(', ')} description="Blank: water and wetlands" value={exempt} onChange={(e) => setExempt(e.currentTarget.value)} />
            <TextInput label="No area redistribution (comma separated)" value={noRedistribution} onChange={(e) => setNoRedistribution(e.currentTarget.value)} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Simulation settings">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Weather dataset"
              required
              data={(dsOptions.data?.weatherDatasets ?? []).map((g) => ({ group: g.label, items: g.options.map((w) => ({ value: String(w.id), label: `${w.name} (${w.startDate} to ${w.endDate})` })) }))}
              value={weatherId}
              onChange={setWeatherId}
            />
            <Select label="SWAT version" required data={(dsOptions.data?.swatVersions ?? []).map((v) => ({ value: String(v.id), label: v.name }))} value={versionId} onChange={setVersionId} />
            <Select label="Climate change scenario" clearable data={(dsOptions.data?.climateChangeScenarios ?? []).map((c) => ({ value: String(c.id), label: c.name }))} value={climateId} onChange={setClimateId} />
            <Select label="Climate change time period" clearable data={(dsOptions.data?.climateChangeTimePeriods ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.startDate} to ${c.endDate})` }))} value={periodId} onChange={setPeriodId} />
            <TextInput label="Starting simulation date" required placeholder="YYYY-MM-DD" value={start} onChange={(e) => setStart(e.currentTarget.value)} description={range ? `From ${range.startDate}` : undefined} />
            <TextInput label="Ending simulation date" required placeholder="YYYY-MM-DD" value={end} onChange={(e) => setEnd(e.currentTarget.value)} description={range ? `To ${range.endDate}` : undefined} />
            <NumberInput label="Warm-up years (skipped in the outputs)" required min={0} value={skipYears} onChange={setSkipYears} />
            <Select label="Print setting" required data={(options.data?.printSettings ?? []).map((p) => ({ value: String(p.value), label: p.text }))} value={printSetting} onChange={setPrintSetting} />
          </SimpleGrid>
        </Fieldset>
        <ErrorList error={error} />
        <Group>
          <Button onClick={() => void submit()} disabled={rows.length === 0} loading={busy} data-testid="batch-submit">
            Submit
          </Button>
        </Group>
      </Stack>
    </AdvancedFrame>
  );
}
