import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateProjectPage } from '../src/pages/CreateProjectPage.tsx';
import { DashboardPage } from '../src/pages/DashboardPage.tsx';
import { DownloadsPage } from '../src/pages/DownloadsPage.tsx';
import { HruSetForm } from '../src/pages/HrusPage.tsx';
import { ProjectViewPage } from '../src/pages/ProjectViewPage.tsx';
import { renderAt, serve, workspacePlugins } from '@headwater/plugin-sdk/testing';

// No live status hub in unit tests.
vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));
// OpenLayers needs a canvas; the map has its own browser test.
// The stand-in draws a button per subbasin that clicks it, and one that clicks outside any.
type MockProps = { subbasins?: { features: { properties: { id: number; name: string; isNearbyOnly?: boolean } }[] }; onClick?: (c: unknown) => void };
vi.mock('../../../plugin-sdk/src/map/WatershedMap.tsx', () => ({
  default: (p: MockProps) => (
    <div data-testid="watershed-map" data-features={p.subbasins?.features?.length ?? 0}>
      {p.subbasins?.features.map((f) => (
        <button key={f.properties.id} onClick={() => p.onClick?.({ lat: 31.7, lng: -83.7, subbasin: f.properties })}>
          {`map-subbasin-${f.properties.id}`}
        </button>
      ))}
      <button onClick={() => p.onClick?.({ lat: 31.71, lng: -83.72 })}>map-point</button>
    </div>
  ),
}));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const LITTLE = {
  id: 'e3',
  downstreamSubbasin: '3',
  downstreamID: 3,
  numSubbasins: 3,
  numHrus: 134,
  totalArea: 21.96,
  startIDs: [],
  bounds: { minLat: 31.7, maxLat: 31.8, minLon: -83.72, maxLon: -83.62 },
  connections: [
    { fromName: '1', toName: '3', fromID: 1 },
    { fromName: '2', toName: '3', fromID: 2 },
  ],
  subbasinsGeoJson: { type: 'FeatureCollection', features: [1, 2, 3].map((id) => ({ type: 'Feature', properties: { id, name: String(id), isDownstream: id === 3, isNearbyOnly: false }, geometry: null })) },
  streamsGeoJson: { type: 'FeatureCollection', features: [] },
};
const DATASETS = {
  datasets: [{ label: 'System datasets', options: [{ value: 1, text: 'Little River Experimental Watershed (GA)', loadByDefault: true, endingSubbasin: null }] }],
  userDatasets: [],
  limits: { subbasinLimit: 0, hruLimit: 0, datasets: [] },
};
const SITE = { siteText: {}, siteSettings: { customTileProviders: null } };

describe('create page', () => {
  it('finds the downstream subbasin by typeahead, defaults the name and creates the project', async () => {
    const calls = serve({
      'datasets/user': DATASETS,
      'datasets/websitetext': SITE,
      'datasets/outlinegeojson/1': { outline: { type: 'FeatureCollection', features: [] } },
      'maps/calibrated-watersheds': { groups: [], locationPoints: [] },
      'subbasins/find/1/3': [{ id: 3, name: '3' }],
      'maps/subbasin/name/1/3': LITTLE,
      'POST projects': { id: 42 },
    });
    renderAt('/projects/create', '/projects/create', <CreateProjectPage />);
    const input = await screen.findByLabelText('Downstream subbasin', { selector: 'input' });
    await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.focus(input);
    // 500 ms debounce, then at most 100 matches.
    const option = await screen.findByRole('option', { name: '3' }, { timeout: 3000 });
    expect(calls.some((c) => c.url === 'subbasins/find/1/3')).toBe(true);
    fireEvent.click(option);
    const summary = await screen.findByTestId('watershed-summary');
    expect(within(summary).getByTestId('summary-hrus').textContent).toBe('134');
    expect(within(summary).getByText('21.96 km²')).toBeTruthy();
    expect((screen.getByTestId('create-name') as HTMLInputElement).value).toBe('Little River Experimental Watershed (GA) - 3');
    fireEvent.click(screen.getByTestId('routing-open'));
    expect(await screen.findByTestId('routing-table')).toBeTruthy();
    fireEvent.click(screen.getByTestId('create-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/projects/42'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ datasetID: 1, endID: 3, startIDs: [], name: 'Little River Experimental Watershed (GA) - 3', cacheID: 'e3' });
  });

  it('says so when no watershed is there, and blocks creation over the tier limits', async () => {
    serve({
      'datasets/user': { ...DATASETS, limits: { subbasinLimit: 2, hruLimit: 100, datasets: [] } },
      'datasets/websitetext': SITE,
      'datasets/outlinegeojson/1': { outline: null },
      'maps/calibrated-watersheds': { groups: [] },
      'subbasins/find/1': [{ id: 3, name: '3' }, { id: 9, name: '99' }],
      'maps/subbasin/name/1/99': { ...LITTLE, numSubbasins: 0, numHrus: 0, downstreamID: null, subbasinsGeoJson: { type: 'FeatureCollection', features: [] } },
      'maps/subbasin/name/1/3': LITTLE,
    });
    renderAt('/projects/create', '/projects/create', <CreateProjectPage />);
    const input = await screen.findByLabelText('Downstream subbasin', { selector: 'input' });
    await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.focus(input);
    fireEvent.click(await screen.findByRole('option', { name: '99' }, { timeout: 3000 }));
    expect((await screen.findByTestId('error-list')).textContent).toBe('Please select a subbasin within the study area.');
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.click(await screen.findByRole('option', { name: '3' }, { timeout: 3000 }));
    expect((await screen.findByTestId('tier-blocked')).textContent).toMatch(/Your account is limited to 2 subbasins and 100 HRUs per project\. Please select a smaller watershed\./);
    expect((screen.getByTestId('create-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('create page: map clicks and starting subbasins', () => {
  it('loads the watershed at a clicked point, and restarts the route at chosen starting subbasins', async () => {
    const calls = serve({
      'datasets/user': { ...DATASETS, datasets: [{ label: 'System datasets', options: [{ ...DATASETS.datasets[0]!.options[0]!, endingSubbasin: '3' }] }] },
      'datasets/websitetext': SITE,
      'datasets/outlinegeojson/1': { outline: null },
      'maps/calibrated-watersheds': { groups: [] },
      'maps/subbasin/name/1/3': LITTLE,
      'maps/coords/1/31.71/-83.72': LITTLE,
      'maps/subbasin/id/3/1': { ...LITTLE, id: 'e3-s1', startIDs: [1] },
      'POST projects': 9,
    });
    renderAt('/projects/create', '/projects/create', <CreateProjectPage />);
    // The dataset's default ending subbasin loads first.
    expect((await screen.findByTestId('summary-hrus')).textContent).toBe('134');
    fireEvent.click(screen.getByText('map-point'));
    await waitFor(() => expect(calls.some((c) => c.url === 'maps/coords/1/31.71/-83.72')).toBe(true));
    fireEvent.click(screen.getByTestId('start-mode'));
    expect(screen.getByTestId('start-mode').textContent).toBe('Done');
    expect((screen.getByTestId('create-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('map-subbasin-3')); // the ending subbasin is not a start
    fireEvent.click(screen.getByText('map-subbasin-1'));
    expect(screen.getByTestId('start-count').textContent).toBe('1 starting subbasin');
    fireEvent.click(screen.getByTestId('start-mode'));
    await waitFor(() => expect(calls.some((c) => c.url === 'maps/subbasin/id/3/1')).toBe(true));
    await waitFor(() => expect((screen.getByTestId('create-submit') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByTestId('start-count').textContent).toBe('1 starting subbasin');
    fireEvent.click(screen.getByTestId('create-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/projects/9'));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ endID: 3, startIDs: [1], cacheID: 'e3-s1' });
  });
});

describe('dashboard', () => {
  it('shows recent activity cards, the projects grid and the group empty text', async () => {
    const calls = serve({
      'projects/recent-activity': {
        projects: [{ id: 7, name: 'LREW', numSubbasins: 3, numHrus: 134, totalArea: 21.96, bounds: [-83.77, 31.69, -83.7, 31.75], scenarios: [{ id: 1, name: 'Baseline', isRunning: true }] }],
        hasGroups: false,
      },
      plugins: workspacePlugins({ except: ['scenarios'] }),
      projects: { items: [{ id: 7, name: 'LREW', lastModifiedDate: '2026-11-21T10:00:00Z', dataset: 'Little River', endingSubbasin: '3', numSubbasins: 3, numHrus: 134, totalArea: 21.96, numScenarios: 1 }], total: 1 },
    });
    renderAt('/projects', '/projects', <DashboardPage />);
    const card = await screen.findByTestId('recent-card-7');
    expect(card.textContent).toContain('3 subbasins · 134 HRUs · 21.96 km²');
    expect(card.textContent).toContain('Running');
    // The map of projects opens a project on a click.
    expect((await screen.findByTestId('watershed-map')).getAttribute('data-features')).toBe('1');
    fireEvent.click(screen.getByTestId('tab-projects'));
    expect(await screen.findByTestId('project-link-7')).toBeTruthy();
    expect(calls.some((c) => c.url === 'projects?sort=lastModifiedDate_desc&page=1&perPage=10')).toBe(true);
    expect(screen.getByText('Export CSV').getAttribute('href')).toMatch(/^\/api\/projects\?format=csv&/);
    fireEvent.click(screen.getByTestId('delete-7'));
    expect(await screen.findByText(/Are you sure you want to delete the project LREW/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByTestId('tab-groups'));
    expect((await screen.findByTestId('groups-empty')).textContent).toBe('You are not a member of any groups.');
    fireEvent.click(screen.getByTestId('tab-recent'));
    fireEvent.click(await screen.findByText('map-subbasin-7'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/projects/7'));
  });
});

const PROJECT = {
  project: { id: 7, name: 'LREW', numSubbasins: 3, numHrus: 134, numOriginalHrus: 134, totalArea: 21.96, totalLandArea: 21.5, dataset: 'Little River', endingSubbasin: '3', scenarios: [], subbasinsCsv: '/api/projects/csv/7/subbasins' },
  tier: { subbasinLimit: 0, hruLimit: 0 },
  status: { isCreated: true },
  progress: { percent: 100, message: '' },
};

describe('project view', () => {
  it('shows the summary, validates rename and hides the scenario entries without their plugin', async () => {
    const calls = serve({ 'projects/7': PROJECT, plugins: workspacePlugins({ except: ['scenarios'] }), 'datasets/websitetext': SITE, 'projects/map/7': { connections: [], geoJsonUrls: {} }, 'PUT projects/7': { value: 'LREW 2' } });
    renderAt('/projects/7', '/projects/:id', <ProjectViewPage params={{ id: '7' }} path="/projects/7" />);
    expect((await screen.findByTestId('project-hrus')).textContent).toBe('134');
    expect(screen.getByTestId('project-area').textContent).toBe('21.96 km²');
    expect(screen.getByText('CSV').getAttribute('href')).toBe('/api/projects/csv/7/subbasins');
    fireEvent.click(screen.getByTestId('menu-setup'));
    expect(await screen.findByTestId('menu-hrus')).toBeTruthy();
    expect(screen.queryByText('Create scenario')).toBeNull();
    fireEvent.click(screen.getByTestId('menu-actions'));
    expect(screen.queryByText('Share with a group')).toBeNull();
    fireEvent.click(await screen.findByTestId('action-rename'));
    const name = await screen.findByTestId('name-input');
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('name-submit'));
    expect(await screen.findByText('Please provide a name for the project.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'LREW 2' } });
    fireEvent.click(screen.getByTestId('name-submit'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ value: 'LREW 2' }));
  });

  it('shows the progress while creating and the error with Clear Error', async () => {
    serve({ 'projects/7': { ...PROJECT, status: { isCreating: true }, progress: { percent: 40, message: 'Copying HRUs' } }, plugins: workspacePlugins({ except: ['scenarios'] }) });
    const r = renderAt('/projects/7', '/projects/:id', <ProjectViewPage params={{ id: '7' }} path="/projects/7" />);
    expect((await screen.findByTestId('project-busy')).textContent).toContain('40% · Copying HRUs');
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeTruthy();
    r.unmount();
    const calls = serve({ 'projects/7': { ...PROJECT, status: { hasError: true, exceptionMessage: 'boom' } }, 'projects/clearerror/7': { value: true }, plugins: workspacePlugins({ except: ['scenarios'] }), 'projects/map/7': {}, 'datasets/websitetext': SITE });
    renderAt('/projects/7', '/projects/:id', <ProjectViewPage params={{ id: '7' }} path="/projects/7" />);
    const err = await screen.findByTestId('project-error');
    expect(err.textContent).toContain('An error occurred in the project');
    expect(err.textContent).toContain('boom');
    fireEvent.click(screen.getByTestId('clear-error'));
    await waitFor(() => expect(calls.some((c) => c.url === 'projects/clearerror/7')).toBe(true));
  });
});

describe('tier limits on the project view', () => {
  it('warns over the HRU limit and hides scenario creation even when its plugin exists', async () => {
    serve({
      'projects/7': { ...PROJECT, tier: { subbasinLimit: 250, hruLimit: 100, datasets: [] } },
      plugins: workspacePlugins(),
      'datasets/websitetext': SITE,
      'projects/map/7': {},
    });
    renderAt('/projects/7', '/projects/:id', <ProjectViewPage params={{ id: '7' }} path="/projects/7" />);
    expect((await screen.findByTestId('tier-warning')).textContent).toContain("more HRUs than your account's limit of 100: reduce its HRUs before running scenarios.");
    fireEvent.click(screen.getByTestId('menu-setup'));
    expect(await screen.findByText('Scenario list')).toBeTruthy();
    expect(screen.queryByText('Create scenario')).toBeNull();
  });
});

describe('share (once a groups plugin exists)', () => {
  const OWNER = { role: 'owner', view: true, edit: true, run: true, share: true, delete: true };
  it('asks for a group, then shares (the owner)', async () => {
    const calls = serve({
      'projects/7': { ...PROJECT, groupOptions: [{ value: 4, text: 'Hydrology lab' }], permissions: OWNER },
      plugins: workspacePlugins(),
      'datasets/websitetext': SITE,
      'projects/map/7': {},
      'PATCH groups/share/4/7': { value: 4, text: 'Hydrology lab' },
    });
    renderAt('/projects/7', '/projects/:id', <ProjectViewPage params={{ id: '7' }} path="/projects/7" />);
    fireEvent.click(await screen.findByTestId('menu-actions'));
    fireEvent.click(await screen.findByTestId('action-share'));
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Please select a group.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByLabelText('Group', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hydrology lab' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.url === 'groups/share/4/7')).toBe(true));
    // the project is read again: its groups and the options change
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === 'projects/7').length).toBeGreaterThan(1));
  });

  it('lists the groups it is shared with and stops sharing with one', async () => {
    const calls = serve({
      'projects/7': { ...PROJECT, project: { ...PROJECT.project, groups: [{ value: 4, text: 'Hydrology lab' }] }, groupOptions: [], permissions: OWNER },
      plugins: workspacePlugins(),
      'datasets/websitetext': SITE,
      'projects/map/7': {},
      'PATCH groups/unshare/4/7': { value: 4, text: 'Hydrology lab' },
    });
    renderAt('/projects/7', '/projects/:id', <ProjectViewPage params={{ id: '7' }} path="/projects/7" />);
    fireEvent.click(await screen.findByTestId('menu-actions'));
    fireEvent.click(await screen.findByTestId('action-share'));
    expect(await screen.findByText('Shared with')).toBeTruthy();
    expect(screen.getByTestId('share-no-groups').textContent).toContain('The project is shared with every group you are a member of.');
    fireEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.url === 'groups/unshare/4/7')).toBe(true));
  });

  it('says so when the owner is in no group, with a link to create one', async () => {
    serve({ 'projects/7': { ...PROJECT, groupOptions: [], permissions: OWNER }, plugins: workspacePlugins(), 'datasets/websitetext': SITE, 'projects/map/7': {} });
    renderAt('/projects/7', '/projects/:id', <ProjectViewPage params={{ id: '7' }} path="/projects/7" />);
    fireEvent.click(await screen.findByTestId('menu-actions'));
    fireEvent.click(await screen.findByTestId('action-share'));
    const none = await screen.findByTestId('share-no-groups');
    expect(none.textContent).toContain('You are not a member of any groups.');
    expect(within(none).getByText('Create a group').getAttribute('href')).toBe('/groups/create');
  });

  it('shows a group member neither Share nor Delete (the server refuses both)', async () => {
    serve({ 'projects/7': { ...PROJECT, groupOptions: [], permissions: { role: 'member', view: true, edit: true, run: true, share: false, delete: false } }, plugins: workspacePlugins(), 'datasets/websitetext': SITE, 'projects/map/7': {} });
    renderAt('/projects/7', '/projects/:id', <ProjectViewPage params={{ id: '7' }} path="/projects/7" />);
    fireEvent.click(await screen.findByTestId('menu-actions'));
    expect(await screen.findByTestId('action-rename')).toBeTruthy();
    expect(screen.getByTestId('action-copy')).toBeTruthy();
    expect(screen.queryByTestId('action-share')).toBeNull();
    expect(screen.queryByTestId('action-delete')).toBeNull();
  });

  it("hides Share without the groups plugin, even for the owner", async () => {
    serve({ 'projects/7': { ...PROJECT, permissions: OWNER }, plugins: workspacePlugins({ except: ['groups'] }), 'datasets/websitetext': SITE, 'projects/map/7': {} });
    renderAt('/projects/7', '/projects/:id', <ProjectViewPage params={{ id: '7' }} path="/projects/7" />);
    fireEvent.click(await screen.findByTestId('menu-actions'));
    expect(await screen.findByTestId('action-delete')).toBeTruthy();
    expect(screen.queryByTestId('action-share')).toBeNull();
  });
});

describe('the Group Projects tab', () => {
  it('lists the projects shared with the user\'s groups from groups/projects', async () => {
    const calls = serve({
      'projects/recent-activity': { projects: [], hasGroups: true },
      plugins: workspacePlugins({ except: ['scenarios'] }),
      'groups/projects': { items: [{ id: 9, name: 'Shared LREW', project: 'Shared LREW', group: 'Hydrology lab', groupID: 4, userName: 'olga', lastModifiedDate: '2026-11-21T10:00:00Z', dataset: 'Little River', endingSubbasin: '3', numSubbasins: 3, numHrus: 60, totalArea: 21.96, numScenarios: 2 }], total: 1 },
    });
    renderAt('/projects?tab=groups', '/projects', <DashboardPage />);
    expect((await screen.findByTestId('project-link-9')).getAttribute('href')).toBe('/projects/9');
    expect(calls.some((c) => c.url === 'groups/projects?sort=lastModifiedDate_desc&page=1&perPage=10')).toBe(true);
    expect(screen.getByText('Hydrology lab').getAttribute('href')).toBe('/groups/4');
    expect(screen.getByText('olga')).toBeTruthy();
    expect(screen.queryByTestId('delete-9')).toBeNull();
  });

  it('says no member shared a project yet', async () => {
    serve({ 'projects/recent-activity': { projects: [], hasGroups: true }, plugins: workspacePlugins({ except: ['scenarios'] }), 'groups/projects': { items: [], total: 0 } });
    renderAt('/projects?tab=groups', '/projects', <DashboardPage />);
    expect(await screen.findByText('No members of your groups have shared any projects yet.')).toBeTruthy();
  });
});

describe('downloads', () => {
  it('shows the zip progress and cancels it after confirmation', async () => {
    const calls = serve({
      'projects/7': { ...PROJECT, status: { isCreated: true, isZipping: true }, progress: { percent: 30, message: 'Zipping HRU files' } },
      'projects/downloads/7': { status: { isZipping: true, isRunningScenarios: false }, zipFile: { exists: false, canGetGisData: true }, geoJsonLayers: [{ name: 'Subbasins', layer: 'subbasins', url: '/api/exports/geojson/7/subbasins' }], subbasinsCsv: '/api/projects/csv/7/subbasins', hasSetHrus: false, hrusTrimmedCsv: '/api/projects/csv/7/hrus-trimmed' },
      'projects/abortzip/7': { value: true },
    });
    renderAt('/projects/7/downloads', '/projects/:id/downloads', <DownloadsPage params={{ id: '7' }} path="/projects/7/downloads" />);
    expect((await screen.findByTestId('project-busy')).textContent).toContain('30% · Zipping HRU files');
    expect((await screen.findByTestId('gis-links')).textContent).toBe('Subbasins');
    expect(screen.getByTestId('csv-links').textContent).not.toContain('Trimmed');
    fireEvent.click(screen.getByTestId('zip-cancel'));
    expect(await screen.findByText('Stop zipping this project?')).toBeTruthy();
    expect(calls.some((c) => c.url === 'projects/abortzip/7')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel zipping' }).at(-1)!);
    await waitFor(() => expect(calls.some((c) => c.url === 'projects/abortzip/7')).toBe(true));
  });

  it('blocks zipping while scenarios run', async () => {
    serve({ 'projects/7': PROJECT, 'projects/downloads/7': { status: { isZipping: false, isRunningScenarios: true }, zipFile: { exists: false } } });
    renderAt('/projects/7/downloads', '/projects/:id/downloads', <DownloadsPage params={{ id: '7' }} path="/projects/7/downloads" />);
    expect(await screen.findByText('The project cannot be zipped while its scenarios are running.')).toBeTruthy();
    expect((screen.getByTestId('zip-start') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('HRU form', () => {
  const resp = { project: PROJECT.project as never, cropCodes: [{ code: 'AGRL', name: 'Agricultural' }, { code: 'WATR', name: 'Water' }, { code: 'WETF', name: 'Wetlands-Forested' }], defaultWetlands: ['WATR', 'WETF'] };

  it('defaults to a target of 75 % and exempts water and wetlands', async () => {
    const calls = serve({ 'POST projects/hrus': { value: true } });
    const done = vi.fn();
    renderAt('/projects/7/hrus', '/projects/:id/hrus', <HruSetForm resp={resp} onSubmitted={done} />);
    expect((screen.getByTestId('hru-target') as HTMLInputElement).value).toBe('101');
    fireEvent.click(screen.getByTestId('hru-submit'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls[0]!.body).toMatchObject({ projectID: 7, method: 'target', targetThreshold: 101, exemptLanduse: ['WATR', 'WETF'], noAreaRedistribution: [] });
  });

  it('asks for a threshold above 0 and resets values over 100 when switching to percent', async () => {
    serve({});
    renderAt('/projects/7/hrus', '/projects/:id/hrus', <HruSetForm resp={resp} onSubmitted={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Area threshold' }));
    const area = (await screen.findByTestId('hru-area')) as HTMLInputElement;
    fireEvent.change(area, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('hru-submit'));
    expect(await screen.findByText('You must enter a threshold greater than 0.')).toBeTruthy();
    fireEvent.change(area, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Percent' }));
    await waitFor(() => expect((screen.getByTestId('hru-area') as HTMLInputElement).value).toBe('0'));
  });
});
