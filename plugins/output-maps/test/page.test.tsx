// @vitest-environment jsdom
// The Output Maps page as a user sees it, over a stubbed API answering what platform-api answers
// (platform-api/test/outputs.test.ts checks those): the form and its rules, the maps side by side
// with their legends and colours, the colour dialog kept in the browser, the difference map.
import { renderAt, serve, type Call } from '@headwater/plugin-sdk/testing';
import { OUTPUT_MESSAGES, type MapColouring } from '@headwater/plugin-sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLOURS_KEY } from '../src/colours.ts';
import plugin from '../src/plugin.tsx';
import type { MapOptions, MapResponse, ScenarioMap } from '../src/types.ts';

vi.mock('../../../plugin-sdk/src/live.ts', () => ({ useLiveStatus: () => undefined }));
// OpenLayers needs a canvas: the stand-in shows each subbasin's colour and tooltip as the map
// would draw them from `colouring`.
vi.mock('../../../plugin-sdk/src/map/WatershedMap.tsx', () => ({
  default: (p: { testId?: string; colouring?: MapColouring; subbasins?: { features: { properties: { id: number; name: string } }[] } }) => (
    <ul data-testid={p.testId}>
      {p.subbasins?.features.map((f) => (
        <li key={f.properties.id} data-fill={p.colouring?.subbasinFill?.(f.properties)} data-stroke={p.colouring?.streamStroke?.(f.properties)?.color} data-label={p.colouring?.label?.(f.properties) ?? ''}>
          {p.colouring?.tooltip?.(f.properties)}
        </li>
      ))}
    </ul>
  ),
}));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const ROUTE = '/projects/:id/scenarios/:scenarioID/output/maps';
const SCENARIO = {
  scenario: { id: 7, projectID: 5, name: 'Baseline', hasRun: true, printSettingID: 1, skipYears: 2, startingSimulationDate: '2003-01-01', endingSimulationDate: '2007-12-31', runSettings: {} },
  status: { isRunning: false, hasRun: true },
  project: { id: 5, name: 'Little River' },
};
const OPTIONS: MapOptions = {
  outputTypes: {
    types: [
      { value: 'OutputRch', text: 'Reach (output.rch)' },
      { value: 'OutputSub', text: 'Subbasin (output.sub)' },
    ],
    parameters: {
      OutputRch: [{ variable: 'FLOW_OUT', description: 'Average daily streamflow out of the reach', units: 'm³/s', englishUnits: 'ft³/s' }],
      OutputSub: [{ variable: 'SURQ', description: 'Surface runoff contribution to streamflow', units: 'mm', englishUnits: 'in' }],
    },
    units: [
      { value: 0, text: 'Metric' },
      { value: 1, text: 'English' },
    ],
    defaultUnits: 0,
  },
  statistics: [
    { value: 'averageAnnual', text: 'Average annual' },
    { value: 'month:7', text: 'Average July' },
  ],
  scenarios: [{ value: 8, text: 'CN2 +10%' }],
  map: { geoJsonUrls: { subbasins: '/api/exports/geojson/5/subbasins', streams: '/api/exports/geojson/5/streams' }, connections: [], watershedBounds: null },
  noOutputProcessing: false,
  printSetting: 1,
  printSettingName: 'Daily',
  printedHrus: [],
  info: '',
};
const FEATURES = { type: 'FeatureCollection', features: [101, 102, 103].map((id, i) => ({ type: 'Feature', properties: { id, name: String(i + 1) }, geometry: null })) };
const scenarioMap = (id: number, name: string, values: number[], p: Partial<ScenarioMap> = {}): ScenarioMap => ({
  scenarioID: id,
  scenario: name,
  mapTitle: `${name}: SURQ, Average annual`,
  legendTitle: 'SURQ (mm)',
  mapData: values.map((value, i) => ({ id: 101 + i, name: String(i + 1), number: i + 1, value })),
  mapDataValuesName: 'value',
  units: 'mm',
  minValue: Math.min(...values),
  maxValue: Math.max(...values),
  allowLogAxis: true,
  axisMin: 100,
  axisMax: 300,
  layer: 'subbasins',
  ...p,
});
const RESPONSE: MapResponse = {
  scenarioMaps: [scenarioMap(7, 'Baseline', [100, 150, 200]), scenarioMap(8, 'CN2 +10%', [120, 250, 300])],
  differenceMap: { ...scenarioMap(0, 'CN2 +10% − Baseline', [20, 100, 100], { diverging: true, axisMin: -100, axisMax: 100, legendTitle: 'Difference in SURQ (mm)', allowLogAxis: false }), scenarioID: null },
  info: [],
};

function api(response: MapResponse = RESPONSE): Call[] {
  return serve({
    'scenarios/7': SCENARIO,
    'scenarios/output/mapoptions/7': OPTIONS,
    'POST scenarios/output/map/7': response,
    'exports/geojson/5/subbasins': FEATURES,
    'exports/geojson/5/streams': FEATURES,
    'datasets/websitetext': { siteSettings: {} },
  });
}

function renderPage() {
  const Page = plugin.pages.OutputMapsOutput!;
  return renderAt('/projects/5/scenarios/7/output/maps', ROUTE, <Page params={{ id: '5', scenarioID: '7' }} path="/projects/5/scenarios/7/output/maps" />);
}

async function pick(testId: string, option: string) {
  fireEvent.click(await screen.findByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
const fills = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('listitem').map((li) => li.getAttribute('data-fill'));

describe('the Output Maps page', () => {
  it('is the output tool of its package.json: .../output/maps', () => {
    expect(plugin.manifest.routes).toEqual([{ name: 'OutputMapsOutput', path: ROUTE, title: 'Output Maps', access: 'user' }]);
    expect(plugin.manifest.nav[0]).toMatchObject({ menu: 'scenario-outputs', label: 'Output Maps' });
  });

  it('keeps Get Map disabled without a parameter, then draws a map per scenario, side by side, and the difference map', async () => {
    const calls = api();
    renderPage();
    expect(((await screen.findByTestId('get-map')) as HTMLButtonElement).disabled).toBe(true);
    await pick('map-parameter', 'SURQ — Surface runoff contribution to streamflow (mm)');
    fireEvent.click(screen.getByTestId('map-compare'));
    fireEvent.click(await screen.findByRole('option', { name: 'CN2 +10%' }));
    fireEvent.click(await screen.findByText('Compared − this'));
    fireEvent.click(screen.getByTestId('get-map'));
    await screen.findByTestId('scenario-map-1');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ statistic: 'averageAnnual', outputType: 'OutputSub', parameter: 'SURQ', compareScenarios: [8], units: 0, difference: 'absolute' });
    expect(screen.getByTestId('scenario-map-0-title').textContent).toBe('Baseline: SURQ, Average annual');
    expect(screen.getByTestId('scenario-map-1-title').textContent).toBe('CN2 +10%: SURQ, Average annual');
    // the shared range 100–300: min, middle and max colours of the spec's defaults
    expect(fills('scenario-map-0')).toEqual(['#e6ebf5', '#86adfa', '#266eff']);
    expect(fills('scenario-map-1')[2]).toBe('#003399');
    expect(within(screen.getByTestId('scenario-map-0')).getAllByRole('listitem')[1]!.textContent).toBe('Subbasin 2: 150 mm');
    expect(screen.getAllByTestId('scenario-map-0-legend-tick').map((t) => t.textContent)).toEqual(['100', '200', '300']);
    // the difference map: white at zero, red above
    expect(screen.getByTestId('difference-map-legend').getAttribute('data-kind')).toBe('diverging');
    expect(fills('difference-map')[1]).toBe('#b2182b');
  });

  it('the colour dialog: colours, labels and data classes, saved in the browser', async () => {
    api();
    renderPage();
    await pick('map-parameter', 'SURQ — Surface runoff contribution to streamflow (mm)');
    fireEvent.click(screen.getByTestId('get-map'));
    await screen.findByTestId('scenario-map-0');
    fireEvent.click(screen.getByTestId('map-colours'));
    const max = (await screen.findByTestId('colour-max')) as HTMLInputElement;
    fireEvent.change(max, { target: { value: '#ff0000' } });
    fireEvent.click(screen.getByLabelText('Show values as labels'));
    fireEvent.click(screen.getByLabelText('Use data classes'));
    fireEvent.click(await screen.findByTestId('add-data-class'));
    expect(((await screen.findByTestId('class-colour-3')) as HTMLInputElement).value).toBe('#008cc4');
    fireEvent.change(screen.getByTestId('class-to-3'), { target: { value: '1000' } });
    fireEvent.change(screen.getByTestId('class-from-3'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('colour-save'));
    // data classes: 100 and 150 green (0–100, 100–200), 200 orange
    await waitFor(() => expect(fills('scenario-map-0')).toEqual(['#008000', '#ffa500', '#ffa500']));
    expect(screen.getByTestId('scenario-map-0-legend').getAttribute('data-kind')).toBe('classes');
    expect(within(screen.getByTestId('scenario-map-0')).getAllByRole('listitem')[0]!.getAttribute('data-label')).toBe('100');
    const saved = JSON.parse(localStorage.getItem(COLOURS_KEY)!);
    expect(saved).toMatchObject({ max: '#ff0000', showLabels: true, useDataClasses: true });
    expect(saved.dataClasses[3]).toEqual({ from: 300, to: 1000, color: '#008cc4' });
  });

  it('chooses the logarithmic scale for values spanning 10,000 or more, and colours reaches for OutputRch', async () => {
    api({ scenarioMaps: [scenarioMap(7, 'Baseline', [1, 100, 20000], { axisMin: 1, axisMax: 20000, layer: 'streams', units: 'm³/s' })], info: [] });
    renderPage();
    await pick('map-output-type', 'Reach (output.rch)');
    await pick('map-parameter', 'FLOW_OUT — Average daily streamflow out of the reach (m³/s)');
    fireEvent.click(screen.getByTestId('get-map'));
    await screen.findByTestId('scenario-map-0');
    expect(screen.getByTestId('scenario-map-0-legend').getAttribute('data-kind')).toBe('logarithmic');
    expect(screen.getAllByTestId('scenario-map-0-legend-tick').map((t) => t.textContent)).toEqual(['1', '141.4', '20000']);
    const items = within(screen.getByTestId('scenario-map-0')).getAllByRole('listitem');
    // reaches carry the colours; 100 sits at the middle of the logarithmic scale from 1 to 20,000
    expect(items.map((li) => li.getAttribute('data-fill'))).toEqual(['#f1f3f5', '#f1f3f5', '#f1f3f5']);
    expect(items[2]!.getAttribute('data-stroke')).toBe('#003399');
    expect(items[0]!.textContent).toBe('Reach 1: 1 m³/s');
  });

  it('refuses more than 3 comparison scenarios with the spec\'s message', async () => {
    serve({
      'scenarios/7': SCENARIO,
      'scenarios/output/mapoptions/7': { ...OPTIONS, scenarios: [8, 9, 10, 11].map((v) => ({ value: v, text: `S${v}` })) },
      'datasets/websitetext': { siteSettings: {} },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('map-compare'));
    for (const name of ['S8', 'S9', 'S10', 'S11']) fireEvent.click(await screen.findByRole('option', { name }));
    expect(await screen.findByText(OUTPUT_MESSAGES.compareAtMost3)).toBeTruthy();
  });
});
