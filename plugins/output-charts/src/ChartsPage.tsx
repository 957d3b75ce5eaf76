// Output Charts (spec 2 'Output Charts', route .../output/charts): the form — output type,
// statistic, subbasin from a list or a map click, the HRU for OutputHru, parameters each with a
// chart type and a y-axis, units, comparison scenarios, observed data — then Get Chart, and the
// chart (ChartView, loaded with ApexCharts). The page frame (login prompt, running notice,
// not-run and skipped-processing messages) is the SDK's OutputPage.
import { Alert, Button, Checkbox, CloseButton, Grid, Group, Loader, MultiSelect, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { ErrorList, OUTPUT_MESSAGES, OutputPage, WatershedMap, api, useAction, useApiQuery, useMapSettings, type PageProps } from '@headwater/plugin-sdk';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { MAX_COMPARISONS, expandChart, formProblem, selectionOf, type ChartForm, type ParameterRow } from './logic.ts';
import type { ChartOptions, ChartResponse, ChartType } from './types.ts';

const ChartView = lazy(() => import('./ChartView.tsx'));

const geoPath = (url: string) => url.replace(/^\/api\//, '');

export function ChartsPage(props: PageProps) {
  return (
    <OutputPage {...props} title="Output Charts">
      {() => <ChartTool scenarioID={props.params.scenarioID!} />}
    </OutputPage>
  );
}

const emptyRow = (): ParameterRow => ({ parameter: '', chartType: 'line', yAxis: 'left' });

export function ChartTool({ scenarioID }: { scenarioID: string }) {
  const options = useApiQuery<ChartOptions>(`scenarios/output/chartoptions/${scenarioID}`);
  const o = options.data;
  const [form, setForm] = useState<ChartForm>({ outputType: '', statistic: '', subbasinId: null, hru: null, rows: [emptyRow()], units: 0, compare: [], observed: true });
  const [picker, setPicker] = useState<'list' | 'map'>('list');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ chart: ChartResponse; statistic: string } | null>(null);
  const set = (patch: Partial<ChartForm>) => {
    setProblem(null);
    setForm((f) => ({ ...f, ...patch }));
  };

  // defaults from the options: the first output type and statistic, the account's units
  useEffect(() => {
    if (!o) return;
    setForm((f) => ({
      ...f,
      outputType: f.outputType || (o.outputTypes.types[0]?.value ?? ''),
      statistic: f.statistic || (o.statistics[0]?.value ?? ''),
      units: o.outputTypes.defaultUnits,
    }));
  }, [o]);

  const parameters = (o && form.outputType ? o.outputTypes.parameters[form.outputType as keyof ChartOptions['outputTypes']['parameters']] : undefined) ?? [];
  const flowDuration = form.statistic === 'flowDuration';
  const statisticData = (o?.statistics ?? []).filter((s) => s.value !== 'flowDuration' || form.outputType === 'OutputRch').map((s) => ({ value: String(s.value), label: s.text }));
  const parameterData = parameters.filter((p) => !flowDuration || o!.flowDurationParameters.includes(p.variable)).map((p) => ({ value: p.variable, label: `${p.variable} — ${p.description}${p.units ? ` (${form.units === 1 ? p.englishUnits : p.units})` : ''}` }));
  const subbasin = o?.subbasins.find((s) => s.id === form.subbasinId);
  const hrusHere = (o?.printedHrus ?? []).filter((h) => h.subbasinID === form.subbasinId);
  const hruChoices = hrusHere.length ? hrusHere : (o?.printedHrus ?? []);
  const observedHere = (o?.observed ?? []).filter((x) => x.subbasinID === form.subbasinId && x.outputType === form.outputType && form.rows.some((r) => r.parameter === x.variable));
  const settings = useMapSettings();
  const subbasinsGeo = useApiQuery<unknown>(picker === 'map' && o?.map.geoJsonUrls.subbasins ? geoPath(o.map.geoJsonUrls.subbasins) : null, { staleTime: Infinity });
  const streamsGeo = useApiQuery<unknown>(picker === 'map' && o?.map.geoJsonUrls.streams ? geoPath(o.map.geoJsonUrls.streams) : null, { staleTime: Infinity });
  const selectedIds = useMemo(() => (form.subbasinId === null ? [] : [form.subbasinId]), [form.subbasinId]);

  const get = useAction(async () => {
    const p = formProblem(form);
    if (p) {
      setProblem(p);
      return;
    }
    const selection = selectionOf(form, subbasin?.name);
    const chart = await api.post<ChartResponse>(`scenarios/output/chart/${scenarioID}`, selection);
    setResult({ chart: expandChart(chart), statistic: form.statistic });
  });

  if (options.error) return <ErrorList error={options.error} />;
  if (!o)
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  if (!o.outputTypes.types.length) return <Alert color="yellow">{OUTPUT_MESSAGES.outputProcessingSkipped}</Alert>;

  const setRow = (i: number, patch: Partial<ParameterRow>) => set({ rows: form.rows.map((r, k) => (k === i ? { ...r, ...patch } : r)) });
  const tooMany = form.compare.length > MAX_COMPARISONS;

  return (
    <Stack data-testid="chart-tool">
      {o.info && (
        <Alert color="blue" data-testid="print-info">
          {o.info}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <Select
                label="Output type"
                required
                data={o.outputTypes.types.map((t) => ({ value: t.value, label: t.text }))}
                value={form.outputType || null}
                onChange={(v) => set({ outputType: v ?? '', rows: [emptyRow()], hru: null, statistic: form.statistic === 'flowDuration' && v !== 'OutputRch' ? '' : form.statistic })}
                data-testid="chart-output-type"
                allowDeselect={false}
              />
              <Select label="Statistic" required data={statisticData} value={form.statistic || null} onChange={(v) => set({ statistic: v ?? '', ...(v === 'flowDuration' ? { rows: [{ ...emptyRow(), parameter: parameters.some((p) => p.variable === 'FLOW_OUT') ? 'FLOW_OUT' : '' }] } : {}) })} data-testid="chart-statistic" allowDeselect={false} />
              <Stack gap={4}>
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    Subbasin <span style={{ color: 'var(--mantine-color-error)' }}>*</span>
                  </Text>
                  <SegmentedControl size="xs" value={picker} onChange={(v) => setPicker(v as 'list' | 'map')} data={[{ value: 'list', label: 'List' }, { value: 'map', label: 'Map' }]} data-testid="subbasin-picker" />
                </Group>
                {picker === 'list' ? (
                  <Select
                    aria-label="Subbasin"
                    placeholder="Choose a subbasin"
                    searchable
                    data={o.subbasins.map((s) => ({ value: String(s.id), label: `Subbasin ${s.name}` }))}
                    value={form.subbasinId === null ? null : String(form.subbasinId)}
                    onChange={(v) => set({ subbasinId: v === null ? null : Number(v), hru: null })}
                    data-testid="chart-subbasin"
                  />
                ) : (
                  <Stack gap={2}>
                    <WatershedMap
                      subbasins={subbasinsGeo.data}
                      streams={streamsGeo.data}
                      selectedIds={selectedIds}
                      bounds={o.map.watershedBounds}
                      tileProviders={settings.tileProviders}
                      height={300}
                      onClick={(c) => c.subbasin && !c.subbasin.isNearbyOnly && set({ subbasinId: c.subbasin.id, hru: null })}
                      testId="chart-subbasin-map"
                    />
                    <Text size="xs" c="dimmed" data-testid="chart-subbasin-chosen">
                      {subbasin ? `Subbasin ${subbasin.name}` : 'Click a subbasin on the map.'}
                    </Text>
                  </Stack>
                )}
              </Stack>
              {form.outputType === 'OutputHru' && (
                <Stack gap={4}>
                  {form.subbasinId !== null && !hrusHere.length && (
                    <Alert color="yellow" data-testid="no-printed-hrus">
                      {OUTPUT_MESSAGES.noPrintedHrus}
                    </Alert>
                  )}
                  <Select
                    label="HRU"
                    required
                    data={hruChoices.map((h) => ({ value: String(h.id), label: `Subbasin ${h.subbasin}: ${h.landuse} / ${h.soil} / ${h.slopeClass}` }))}
                    value={form.hru === null ? null : String(form.hru)}
                    onChange={(v) => {
                      const h = o.printedHrus.find((x) => String(x.id) === v);
                      set({ hru: h ? h.id : null, ...(h ? { subbasinId: h.subbasinID } : {}) });
                    }}
                    data-testid="chart-hru"
                  />
                </Stack>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <Stack gap={6}>
                <Text size="sm" fw={500}>
                  Parameters <span style={{ color: 'var(--mantine-color-error)' }}>*</span>
                </Text>
                {form.rows.map((r, i) => (
                  <Group key={i} gap="xs" wrap="nowrap" align="flex-end" data-testid={`parameter-row-${i}`}>
                    <Select style={{ flex: 1 }} aria-label={`Parameter ${i + 1}`} placeholder="Parameter" searchable data={parameterData} value={r.parameter || null} onChange={(v) => setRow(i, { parameter: v ?? '' })} data-testid={`chart-parameter-${i}`} />
                    {form.statistic !== 'boxplot' && (
                      <Select w={110} aria-label={`Chart type ${i + 1}`} data={o.chartTypes.map((t) => ({ value: t.value, label: t.text }))} value={r.chartType} onChange={(v) => setRow(i, { chartType: (v ?? 'line') as ChartType })} allowDeselect={false} data-testid={`chart-type-${i}`} />
                    )}
                    <Select w={110} aria-label={`Y-axis ${i + 1}`} data={o.yAxisOptions.map((t) => ({ value: t.value, label: t.text }))} value={r.yAxis} onChange={(v) => setRow(i, { yAxis: (v ?? 'left') as 'left' | 'right' })} allowDeselect={false} data-testid={`chart-yaxis-${i}`} />
                    {form.rows.length > 1 && <CloseButton aria-label={`Remove parameter ${i + 1}`} onClick={() => set({ rows: form.rows.filter((_, k) => k !== i) })} />}
                  </Group>
                ))}
                {!flowDuration && (
                  <Group>
                    <Button size="compact-xs" variant="subtle" onClick={() => set({ rows: [...form.rows, emptyRow()] })} data-testid="add-parameter">
                      Add a parameter
                    </Button>
                  </Group>
                )}
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Units
                </Text>
                <SegmentedControl value={String(form.units)} onChange={(v) => set({ units: Number(v) === 1 ? 1 : 0 })} data={o.outputTypes.units.map((u) => ({ value: String(u.value), label: u.text }))} data-testid="chart-units" />
              </Stack>
              <MultiSelect
                label="Compare with scenarios"
                placeholder={o.scenarios.length ? 'Up to 3 scenarios' : 'No other scenario of this project has outputs'}
                data={o.scenarios.map((s) => ({ value: String(s.value), label: s.text }))}
                value={form.compare.map(String)}
                onChange={(v) => set({ compare: v.map(Number) })}
                error={tooMany ? OUTPUT_MESSAGES.compareAtMost3 : undefined}
                disabled={!o.scenarios.length}
                clearable
                data-testid="chart-compare"
              />
              {observedHere.length > 0 && (
                <Checkbox
                  label={`Show observed data: ${observedHere[0]!.name} at ${observedHere[0]!.site} (${observedHere[0]!.startDate} to ${observedHere[0]!.endDate}), with NSE, KGE and PBIAS`}
                  checked={form.observed}
                  onChange={(e) => set({ observed: e.currentTarget.checked })}
                  data-testid="chart-observed"
                />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
        <Group mt="md">
          <Button onClick={() => void get.run()} loading={get.busy} disabled={tooMany} data-testid="get-chart">
            Get Chart
          </Button>
        </Group>
        <Stack mt="sm" gap="xs">
          <ErrorList error={problem ?? get.error} />
        </Stack>
      </Paper>
      {result && (
        <Paper withBorder p="md">
          {result.chart.info.map((m) => (
            <Alert key={m} color="blue" mb="xs" data-testid="chart-info">
              {m}
            </Alert>
          ))}
          <Suspense
            fallback={
              <Group justify="center" p="xl">
                <Loader />
              </Group>
            }
          >
            <ChartView chart={result.chart} statistic={result.statistic} />
          </Suspense>
        </Paper>
      )}
      <Text size="xs" c="dimmed">
        Outputs of the scenario's last run ({o.printSettingName.toLowerCase()} printing).
      </Text>
    </Stack>
  );
}
