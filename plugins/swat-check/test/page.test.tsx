// The SWAT Check page over a stubbed API whose check is the real one (@headwater/swat on SWAT's
// own LREW rev 637 outputs): the form, the collapse with Hide form / Show form, the 11 tabs with
// their warnings, previous/next wrapping around, the SVG pictures; the running notice.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, reply, serve } from '@headwater/plugin-sdk/testing';
import { loadCheckInputs, swatCheck } from '@headwater/swat/post/check/index.ts';
import { fixtureRun } from '@headwater/swat/test-fixtures';
import { SwatCheckPage, nextTab } from '../src/SwatCheckPage.tsx';
import { TABS } from '../src/sections.tsx';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));

// SWAT's own LREW daily run (inputs and rev 637 outputs), from the repository's fixture.
const inputs = loadCheckInputs(fixtureRun('lrew_swat2012', 'daily'));
const watershed = JSON.parse(JSON.stringify(swatCheck(inputs, { subbasin: 0 })));
const subbasin2 = JSON.parse(JSON.stringify(swatCheck(inputs, { subbasin: 2 })));

const scenario = (over: Record<string, unknown> = {}, status: Record<string, unknown> = {}) => ({
  scenario: { id: 5, projectID: 7, name: 'Baseline', hasRun: true, printSetting: 1, printSettingID: 1, startingSimulationDate: '2000-01-01', endingSimulationDate: '2012-12-31', skipYears: 2, runSettings: {}, ...over },
  status: { isRunning: false, hasRun: true, hasError: false, ...status },
  project: { id: 7, name: 'Little River' },
});
const OPTIONS = { scenario: { id: 5, projectID: 7, name: 'Baseline', hasRun: true, isRunning: false }, subbasins: [11, 12, 13].map((id, i) => ({ id, name: String(i + 1), number: i + 1 })) };

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hw.auth_token', 'tok');
});
afterEach(() => vi.unstubAllGlobals());

const render = () => renderAt('/projects/7/scenarios/5/output/swat-check', '/projects/:id/scenarios/:scenarioID/output/swat-check', <SwatCheckPage params={{ id: '7', scenarioID: '5' }} path="/projects/7/scenarios/5/output/swat-check" />);
const activeTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')!.textContent;

describe('SWAT Check', () => {
  it('runs for the whole watershed, collapses the form, and wraps the 11 tabs around', async () => {
    const calls = serve({ 'scenarios/5': scenario(), 'scenarios/output/swatcheckoptions/5': OPTIONS, 'scenarios/output/swatcheck/5/0': watershed });
    render();
    fireEvent.click(await screen.findByTestId('run-check'));
    await screen.findByTestId('swat-check-results');
    expect(calls.some((c) => c.url === 'scenarios/output/swatcheck/5/0')).toBe(true);
    expect(screen.queryByTestId('swat-check-form')).toBeNull();
    expect(screen.getByTestId('checked-scope').textContent).toBe('SWAT Check of the whole watershed');
    fireEvent.click(screen.getByTestId('toggle-form'));
    expect(screen.getByTestId('swat-check-form')).toBeTruthy();
    expect(screen.getByTestId('toggle-form').textContent).toBe('Hide form');
    fireEvent.click(screen.getByTestId('toggle-form'));
    expect(screen.queryByTestId('swat-check-form')).toBeNull();

    expect(screen.getAllByRole('tab').map((t) => t.textContent?.replace(/\d+$/, ''))).toEqual([
      'Simulation Details',
      'Hydrology',
      'Sediment',
      'Nitrogen Cycle',
      'Phosphorus Cycle',
      'Plant Growth',
      'Landscape Nutrient Losses',
      'Land Use Summary',
      'Instream Processes',
      'Point Sources',
      'Reservoirs',
    ]);
    expect(activeTab()).toBe('Simulation Details');
    fireEvent.click(screen.getByTestId('check-previous'));
    expect(activeTab()).toMatch(/^Reservoirs/);
    fireEvent.click(screen.getByTestId('check-next'));
    expect(activeTab()).toBe('Simulation Details');
    fireEvent.click(screen.getByTestId('check-next'));
    expect(activeTab()).toMatch(/^Hydrology/);
    for (let i = 0; i < 11; i++) fireEvent.click(screen.getByTestId('check-next'));
    expect(activeTab()).toMatch(/^Hydrology/);
  });

  it('draws the water balance of output.std and lists each section warnings', async () => {
    serve({ 'scenarios/5': scenario(), 'scenarios/output/swatcheckoptions/5': OPTIONS, 'scenarios/output/swatcheck/5/0': watershed });
    render();
    fireEvent.click(await screen.findByTestId('run-check'));
    await screen.findByTestId('swat-check-results');
    fireEvent.click(screen.getByTestId('check-tab-hydrology'));
    const svg = await screen.findByTestId('water-balance');
    const h = watershed.hydrology;
    const mm = (v: number) => `${v.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} mm`;
    expect(within(svg).getByTestId('wb-precipitation-value').textContent).toBe(mm(h.precipitation));
    expect(within(svg).getByTestId('wb-surface-runoff-value').textContent).toBe(mm(h.surfaceRunoff));
    expect(within(svg).getByTestId('wb-lateral-flow-value').textContent).toBe(mm(h.lateralFlow));
    expect(within(svg).getByTestId('wb-return-flow-value').textContent).toBe(mm(h.returnFlow));
    expect(within(svg).getByTestId('wb-et-value').textContent).toBe(mm(h.et));
    expect(within(svg).getByTestId('wb-percolation-value').textContent).toBe(mm(h.percolation));
    expect(within(svg).getByTestId('wb-recharge-value').textContent).toBe(mm(h.recharge));
    if (h.warnings.length) for (const w of h.warnings) expect(screen.getByTestId('warnings').textContent).toContain(w);
    else expect(screen.getByTestId('no-warnings')).toBeTruthy();
    const hydrologyTab = screen.getByTestId('check-tab-hydrology');
    if (h.warnings.length) expect(hydrologyTab.textContent).toContain(String(h.warnings.length));

    fireEvent.click(screen.getByTestId('check-tab-nitrogen'));
    const n = await screen.findByTestId('nitrogen-cycle');
    expect(within(n).getByTestId('n-flux-uptake-value').textContent).toContain(watershed.nitrogenCycle.plantUptake.toFixed(1));
    fireEvent.click(screen.getByTestId('check-tab-phosphorus'));
    expect(await screen.findByTestId('phosphorus-cycle')).toBeTruthy();
    fireEvent.click(screen.getByTestId('check-tab-landuse'));
    expect(screen.getByTestId('land-use-rows').querySelectorAll('tbody tr').length).toBe(watershed.landUseSummary.landUseRows.length);
    // every tab renders
    for (const t of TABS) {
      fireEvent.click(screen.getByTestId(`check-tab-${t.value}`));
      expect(activeTab()).toContain(t.label);
    }
  });

  it('runs for one subbasin by its id', async () => {
    const calls = serve({ 'scenarios/5': scenario(), 'scenarios/output/swatcheckoptions/5': OPTIONS, 'scenarios/output/swatcheck/5/12': subbasin2 });
    render();
    fireEvent.click(await screen.findByTestId('scope-subbasin'));
    expect((screen.getByTestId('run-check') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('check-subbasin'));
    fireEvent.click(await screen.findByRole('option', { name: '2' }));
    fireEvent.click(screen.getByTestId('run-check'));
    await screen.findByTestId('swat-check-results');
    expect(calls.some((c) => c.url === 'scenarios/output/swatcheck/5/12')).toBe(true);
    expect(screen.getByTestId('checked-scope').textContent).toBe('SWAT Check of subbasin 2');
    expect(screen.getByTestId('setup').textContent).toContain('Area of subbasin 2');
  });

  it('shows the running notice instead of the form', async () => {
    serve({ 'scenarios/5': scenario({}, { isRunning: true }) });
    render();
    expect(await screen.findByTestId('page-running')).toBeTruthy();
    expect(screen.queryByTestId('run-check')).toBeNull();
  });

  it('wraps around in both directions', () => {
    expect(nextTab('reservoirs', 1)).toBe('details');
    expect(nextTab('details', -1)).toBe('reservoirs');
    expect(nextTab('hydrology', 1)).toBe('sediment');
  });
});

describe('a failed check', () => {
  it('shows the answer of the API', async () => {
    serve({ 'scenarios/5': scenario(), 'scenarios/output/swatcheckoptions/5': OPTIONS, 'scenarios/output/swatcheck/5/0': reply(400, 'SWAT Check could not read the outputs of this scenario run.') });
    render();
    fireEvent.click(await screen.findByTestId('run-check'));
    await waitFor(() => expect(screen.getByTestId('error-list').textContent).toBe('SWAT Check could not read the outputs of this scenario run.'));
  });
});
