// Output Maps (spec 2 'Output Maps', route .../output/maps): output type, statistic, parameter,
// units, up to 3 comparison scenarios (and, with one, the difference map); Get Map; one
// choropleth per scenario side by side on the project map (the SDK's WatershedMap, no tiles
// needed) with a legend, and the colour dialog (spec 2 §3 'Map colour settings', kept in the
// browser). The page frame is the SDK's OutputPage.
import { Alert, Button, Checkbox, CloseButton, ColorInput, Grid, Group, Loader, Modal, MultiSelect, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { ErrorList, OUTPUT_MESSAGES, OutputPage, WatershedMap, api, preloadWatershedMap, useAction, useApiQuery, useMapSettings, type FeatureProps, type MapColouring, type PageProps, type TileProvider } from '@headwater/plugin-sdk';
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_COLOURS, NEW_DATA_CLASS, autoLogarithmic, effectiveScale, formatValue, legendTicks, loadColours, rampColour, saveColours, valueColour, DIVERGING, NO_DATA, type ColourSettings, type Scale } from './colours.ts';
import type { Difference, MapOptions, MapResponse, MapSelection, ScenarioMap } from './types.ts';

export const MAX_COMPARISONS = 3;
const geoPath = (url: string) => url.replace(/^\/api\//, '');

export function MapsPage(props: PageProps) {
  return <OutputPage {...props} title="Output Maps">{() => <MapTool scenarioID={props.params.scenarioID!} />}</OutputPage>;
}

type Form = { outputType: string; statistic: string; parameter: string; units: 0 | 1; compare: number[]; difference: Difference };

/** The spec's message for a form that cannot be sent, or null (spec 2 §5 'Output map'). */
export function mapFormProblem(f: Form): string | null {
  if (f.compare.length > MAX_COMPARISONS) return OUTPUT_MESSAGES.compareAtMost3;
  if (!f.outputType || !f.statistic || !f.parameter) return OUTPUT_MESSAGES.completeForm;
  if (f.difference !== 'none' && f.compare.length !== 1) return OUTPUT_MESSAGES.differenceOneComparison;
  return null;
}

export function MapTool({ scenarioID }: { scenarioID: string }) {
  const options = useApiQuery<MapOptions>(`scenarios/output/mapoptions/${scenarioID}`);
  const o = options.data;
  const [form, setForm] = useState<Form>({ outputType: '', statistic: '', parameter: '', units: 0, compare: [], difference: 'none' });
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<MapResponse | null>(null);
  const [colours, setColours] = useState<ColourSettings>(() => loadColours());
  const [chosenScale, setChosenScale] = useState<Scale | null>(null);
  const [dialog, setDialog] = useState(false);
  const set = (patch: Partial<Form>) => {
    setProblem(null);
    setForm((f) => ({ ...f, ...patch }));
  };
  useEffect(() => {
    if (!o) return;
    setForm((f) => ({ ...f, outputType: f.outputType || (o.outputTypes.types.find((t) => t.value === 'OutputSub')?.value ?? o.outputTypes.types[0]?.value ?? ''), statistic: f.statistic || (o.statistics[0]?.value ?? ''), units: o.outputTypes.defaultUnits }));
  }, [o]);
  const settings = useMapSettings();
  // the map's code (OpenLayers) loads while the options do, not after Get Map
  useEffect(() => preloadWatershedMap(), []);
  const subbasins = useApiQuery<unknown>(o?.map.geoJsonUrls.subbasins ? geoPath(o.map.geoJsonUrls.subbasins) : null, { staleTime: Infinity });
  const streams = useApiQuery<unknown>(o?.map.geoJsonUrls.streams ? geoPath(o.map.geoJsonUrls.streams) : null, { staleTime: Infinity });

  const get = useAction(async () => {
    const p = mapFormProblem(form);
    if (p) {
      setProblem(p);
      return;
    }
    const selection: MapSelection = { statistic: form.statistic as MapSelection['statistic'], outputType: form.outputType as MapSelection['outputType'], parameter: form.parameter, compareScenarios: form.compare, units: form.units, difference: form.difference };
    const r = await api.post<MapResponse>(`scenarios/output/map/${scenarioID}`, selection);
    setChosenScale(null);
    setResult(r);
  });

  if (options.error) return <ErrorList error={options.error} />;
  if (!o)
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  if (!o.outputTypes.types.length) return <Alert color="yellow">{OUTPUT_MESSAGES.outputProcessingSkipped}</Alert>;

  const parameters = o.outputTypes.parameters[form.outputType as keyof MapOptions['outputTypes']['parameters']] ?? [];
  const tooMany = form.compare.length > MAX_COMPARISONS;
  const first = result?.scenarioMaps[0];
  const scale = first ? effectiveScale(colours, first, chosenScale) : colours.scale;
  const saveSettings = (s: ColourSettings, chosen: Scale) => {
    setColours(s);
    saveColours(s);
    setChosenScale(chosen);
    setDialog(false);
  };

  return (
    <Stack data-testid="map-tool">
      {o.info && (
        <Alert color="blue" data-testid="print-info">
          {o.info}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select label="Output type" required data={o.outputTypes.types.map((t) => ({ value: t.value, label: t.text }))} value={form.outputType || null} onChange={(v) => set({ outputType: v ?? '', parameter: '' })} allowDeselect={false} data-testid="map-output-type" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select label="Statistic" required data={o.statistics.map((s) => ({ value: String(s.value), label: s.text }))} value={form.statistic || null} onChange={(v) => set({ statistic: v ?? '' })} allowDeselect={false} data-testid="map-statistic" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label="Parameter"
              required
              searchable
              placeholder="Parameter"
              data={parameters.map((p) => ({ value: p.variable, label: `${p.variable} — ${p.description}${p.units ? ` (${form.units === 1 ? p.englishUnits : p.units})` : ''}` }))}
              value={form.parameter || null}
              onChange={(v) => set({ parameter: v ?? '' })}
              data-testid="map-parameter"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Units
              </Text>
              <SegmentedControl value={String(form.units)} onChange={(v) => set({ units: Number(v) === 1 ? 1 : 0 })} data={o.outputTypes.units.map((u) => ({ value: String(u.value), label: u.text }))} data-testid="map-units" />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <MultiSelect
              label="Compare with scenarios"
              placeholder={o.scenarios.length ? 'Up to 3 scenarios' : 'No other scenario of this project has outputs'}
              data={o.scenarios.map((s) => ({ value: String(s.value), label: s.text }))}
              value={form.compare.map(String)}
              onChange={(v) => set({ compare: v.map(Number), ...(v.length !== 1 ? { difference: 'none' as const } : {}) })}
              error={tooMany ? OUTPUT_MESSAGES.compareAtMost3 : undefined}
              disabled={!o.scenarios.length}
              clearable
              data-testid="map-compare"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            {form.compare.length === 1 && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Difference map
                </Text>
                <SegmentedControl
                  value={form.difference}
                  onChange={(v) => set({ difference: v as Difference })}
                  data={[
                    { value: 'none', label: 'None' },
                    { value: 'absolute', label: 'Compared − this' },
                    { value: 'percent', label: 'Percent change' },
                  ]}
                  data-testid="map-difference"
                />
              </Stack>
            )}
          </Grid.Col>
        </Grid>
        <Group mt="md">
          <Button onClick={() => void get.run()} loading={get.busy} disabled={!form.parameter || tooMany} data-testid="get-map">
            Get Map
          </Button>
          <Button variant="default" onClick={() => setDialog(true)} data-testid="map-colours">
            Colours
          </Button>
        </Group>
        <Stack mt="sm" gap="xs">
          <ErrorList error={problem ?? get.error} />
        </Stack>
      </Paper>
      {/* the project map from the start (spec 2 'Output Maps'); Get Map colours it and adds one map
          per compared scenario beside it — the first map stays mounted, so it only restyles */}
      <Stack gap="xs">
        {result?.info.map((m) => (
          <Alert key={m} color="blue" data-testid="map-info">
            {m}
          </Alert>
        ))}
        <SimpleGrid cols={{ base: 1, md: Math.min(2, result?.scenarioMaps.length ?? 1), xl: Math.min(4, result?.scenarioMaps.length ?? 1) }} data-testid="scenario-maps">
          {(result ? result.scenarioMaps : [null]).map((m, i) => (
            <MapCard key={`map-${i}`} map={m} index={i} subbasins={subbasins.data} streams={streams.data} colours={colours} scale={m ? effectiveScale(colours, m, chosenScale) : colours.scale} tileProviders={settings.tileProviders} />
          ))}
        </SimpleGrid>
        {result?.differenceMap && (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <MapCard map={result.differenceMap} index={-1} subbasins={subbasins.data} streams={streams.data} colours={colours} scale="linear" tileProviders={settings.tileProviders} />
          </SimpleGrid>
        )}
      </Stack>
      <ColourDialog opened={dialog} onClose={() => setDialog(false)} settings={colours} scale={scale} map={first} onSave={saveSettings} />
    </Stack>
  );
}

type MapCardProps = { map: ScenarioMap | null; index: number; subbasins: unknown; streams: unknown; colours: ColourSettings; scale: Scale; tileProviders: TileProvider[] | null };

/** One scenario's map, its title and its legend (before Get Map: the project map, uncoloured). */
function MapCard({ map, index, subbasins, streams, colours, scale, tileProviders }: MapCardProps) {
  const colouring = useMemo<MapColouring | undefined>(() => {
    if (!map) return undefined;
    const byId = new Map(map.mapData.map((d) => [d.id, d]));
    const range = { min: map.axisMin, max: map.axisMax, diverging: map.diverging };
    const reaches = map.layer === 'streams';
    const valueOf = (p: FeatureProps) => byId.get(Number(p.id))?.value ?? null;
    const fill = (p: FeatureProps) => valueColour(valueOf(p), range, colours, scale);
    return {
      key: `${map.mapTitle}:${JSON.stringify(colours)}:${scale}:${map.axisMin}:${map.axisMax}`,
      subbasinFill: (p) => (reaches ? '#f1f3f5' : fill(p)),
      streamStroke: (p) => (reaches ? { color: fill(p), width: 5 } : { color: colours.stream, width: 2 }),
      hoverColor: colours.hover,
      label: colours.showLabels ? (p) => formatValue(valueOf(p)) : undefined,
      tooltip: (p) => {
        const d = byId.get(Number(p.id));
        return d ? `${reaches ? 'Reach' : 'Subbasin'} ${d.name}: ${formatValue(d.value)}${d.value !== null && map.units ? ` ${map.units}` : ''}` : undefined;
      },
    };
  }, [colours, scale, map]);
  const testId = index < 0 ? 'difference-map' : `scenario-map-${index}`;
  return (
    <Paper withBorder p="sm" data-testid={`${testId}-card`} data-scale={scale}>
      <Text fw={600} size="sm" mb={4} data-testid={`${testId}-title`}>
        {map ? map.mapTitle : 'Project map'}
      </Text>
      <WatershedMap subbasins={subbasins} streams={streams} colouring={colouring} tileProviders={tileProviders} height={360} testId={testId} />
      {map ? (
        <Legend map={map} colours={colours} scale={scale} testId={`${testId}-legend`} />
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          Choose a parameter and Get Map to colour the subbasins.
        </Text>
      )}
    </Paper>
  );
}

function Legend({ map, colours, scale, testId }: { map: ScenarioMap; colours: ColourSettings; scale: Scale; testId: string }) {
  const { axisMin: min, axisMax: max } = map;
  if (min === null || max === null) return <Text size="xs" c="dimmed" data-testid={testId}>No values to map.</Text>;
  if (!map.diverging && colours.useDataClasses) {
    return (
      <Stack gap={2} mt={4} data-testid={testId} data-kind="classes">
        <Text size="xs" fw={500}>
          {map.legendTitle}
        </Text>
        {colours.dataClasses.map((c, i) => (
          <Group key={i} gap={6}>
            <span style={{ display: 'inline-block', width: 14, height: 14, background: c.color, border: '1px solid #999' }} />
            <Text size="xs">
              {formatValue(c.from)} to {formatValue(c.to)}
            </Text>
          </Group>
        ))}
        <Group gap={6}>
          <span style={{ display: 'inline-block', width: 14, height: 14, background: NO_DATA, border: '1px solid #999' }} />
          <Text size="xs">outside the classes, or no value</Text>
        </Group>
      </Stack>
    );
  }
  const gradient = map.diverging
    ? `linear-gradient(to right, ${DIVERGING.negative}, ${DIVERGING.zero}, ${DIVERGING.positive})`
    : `linear-gradient(to right, ${Array.from({ length: 11 }, (_, i) => rampColour(i / 10, colours)).join(', ')})`;
  const ticks = map.diverging ? [min, 0, max] : legendTicks(min, max, scale);
  return (
    <Stack gap={2} mt={4} data-testid={testId} data-kind={map.diverging ? 'diverging' : scale}>
      <Group justify="space-between">
        <Text size="xs" fw={500}>
          {map.legendTitle}
        </Text>
        <Text size="xs" c="dimmed">
          {map.diverging ? 'diverging scale' : scale === 'logarithmic' ? 'logarithmic scale' : 'linear scale'}
        </Text>
      </Group>
      <div style={{ height: 12, background: gradient, border: '1px solid #999', borderRadius: 2 }} />
      <Group justify="space-between">
        {ticks.map((t, i) => (
          <Text key={i} size="xs" data-testid={`${testId}-tick`}>
            {formatValue(t)}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}

type DialogProps = { opened: boolean; onClose: () => void; settings: ColourSettings; scale: Scale; map?: ScenarioMap; onSave: (s: ColourSettings, scale: Scale) => void };

/** The colour dialog (spec 2 §3 'Map colour settings'). */
function ColourDialog({ opened, onClose, settings, scale, map, onSave }: DialogProps) {
  const [draft, setDraft] = useState(settings);
  const [draftScale, setDraftScale] = useState<Scale>(scale);
  useEffect(() => {
    if (opened) {
      setDraft(settings);
      setDraftScale(scale);
    }
  }, [opened, settings, scale]);
  const patch = (p: Partial<ColourSettings>) => setDraft((d) => ({ ...d, ...p }));
  const auto = map ? autoLogarithmic(map.axisMin, map.axisMax) : false;
  const logAllowed = map ? map.allowLogAxis : true;
  const preview = map && map.axisMin !== null && map.axisMax !== null ? [0, 0.25, 0.5, 0.75, 1].map((t) => rampColour(t, draft)) : null;
  return (
    <Modal opened={opened} onClose={onClose} title="Map colours" size="lg" data-testid="colour-dialog">
      <Stack gap="sm">
        <SimpleGrid cols={3}>
          <ColorInput label="Minimum" value={draft.min} onChange={(v) => patch({ min: v })} format="hex" data-testid="colour-min" />
          <ColorInput label="Middle" value={draft.mid} onChange={(v) => patch({ mid: v })} format="hex" data-testid="colour-mid" />
          <ColorInput label="Maximum" value={draft.max} onChange={(v) => patch({ max: v })} format="hex" data-testid="colour-max" />
          <ColorInput label="Hover" value={draft.hover} onChange={(v) => patch({ hover: v })} format="hex" data-testid="colour-hover" />
          <ColorInput label="Streams" value={draft.stream} onChange={(v) => patch({ stream: v })} format="hex" data-testid="colour-stream" />
        </SimpleGrid>
        {preview && <div style={{ height: 10, background: `linear-gradient(to right, ${preview.join(', ')})`, border: '1px solid #999' }} />}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Scale
          </Text>
          <SegmentedControl
            value={draftScale}
            onChange={(v) => setDraftScale(v as Scale)}
            data={[
              { value: 'linear', label: 'Linear' },
              { value: 'logarithmic', label: 'Logarithmic', disabled: !logAllowed },
            ]}
            data-testid="colour-scale"
          />
          {auto && <Text size="xs" c="dimmed">Logarithmic is chosen automatically for these values (max − min is 10,000 or more and min is above 0).</Text>}
          {!logAllowed && <Text size="xs" c="dimmed">A logarithmic scale needs every value above 0.</Text>}
        </Stack>
        <Checkbox label="Show values as labels" checked={draft.showLabels} onChange={(e) => patch({ showLabels: e.currentTarget.checked })} data-testid="colour-labels" />
        <Checkbox label="Use data classes" checked={draft.useDataClasses} onChange={(e) => patch({ useDataClasses: e.currentTarget.checked })} data-testid="colour-use-classes" />
        {draft.useDataClasses && (
          <Stack gap={4}>
            <Table data-testid="data-classes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>From</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Colour</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {draft.dataClasses.map((c, i) => {
                  const setClass = (p: Partial<typeof c>) => patch({ dataClasses: draft.dataClasses.map((x, k) => (k === i ? { ...x, ...p } : x)) });
                  return (
                    <Table.Tr key={i} data-testid={`data-class-${i}`}>
                      <Table.Td>
                        <NumberInput size="xs" aria-label={`From ${i + 1}`} value={c.from} onChange={(v) => setClass({ from: Number(v) || 0 })} data-testid={`class-from-${i}`} />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput size="xs" aria-label={`To ${i + 1}`} value={c.to} onChange={(v) => setClass({ to: Number(v) || 0 })} data-testid={`class-to-${i}`} />
                      </Table.Td>
                      <Table.Td>
                        <ColorInput size="xs" aria-label={`Colour ${i + 1}`} value={c.color} onChange={(v) => setClass({ color: v })} format="hex" data-testid={`class-colour-${i}`} />
                      </Table.Td>
                      <Table.Td>
                        <CloseButton aria-label={`Remove range ${i + 1}`} onClick={() => patch({ dataClasses: draft.dataClasses.filter((_, k) => k !== i) })} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Group>
              <Button size="compact-xs" variant="subtle" onClick={() => patch({ dataClasses: [...draft.dataClasses, { ...NEW_DATA_CLASS }] })} data-testid="add-data-class">
                Add a range
              </Button>
            </Group>
          </Stack>
        )}
        <Group justify="space-between" mt="sm">
          <Button
            variant="subtle"
            onClick={() => {
              setDraft(DEFAULT_COLOURS);
              setDraftScale(map && auto && logAllowed ? 'logarithmic' : 'linear');
            }}
            data-testid="colour-defaults"
          >
            Defaults
          </Button>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => onSave({ ...draft, scale: draftScale }, draftScale)} data-testid="colour-save">
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

