// The editor contract, once for every editor of the workspace (editors/*): what each editor used
// to repeat in its own tests. Its page is the SDK's EditorPage at the route its package.json
// implies, for the modTable it declares; its schema compiles, its defaults are a valid change
// and its uiSchema names its fields; its server half (server/index.ts) registers the same table
// with the same schema, describes a change and applies nothing when there is nothing to apply;
// a one-setting editor's server answers the url its page calls. Each editor's own tests keep
// what is its own (ranges, messages, what `apply` writes).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EDITOR_MESSAGES } from '../src/editor/messages.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schemaDefaults } from '../src/editor/changes.ts';
import type { EditorPluginDefinition } from '../src/editor/defineEditor.tsx';
import { SELECTION_MODES } from '../src/editor/defineEditor.tsx';
import { partialSchema, validateChange } from '../src/editor/validateChange.ts';
import { loadManifest } from '../src/manifest-schema.ts';
import { buildPath } from '../src/routes.ts';
import type { EditorPluginServer } from '../src/server/editor.ts';
import { applyContext } from '../src/server/testing.ts';
import { renderPages, serve } from '../src/testing.tsx';

vi.mock('../src/live.ts', () => ({ useLiveStatus: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

const root = join(import.meta.dirname, '..', '..');
const editors = readdirSync(join(root, 'editors'))
  .map((name) => ({ name, dir: join(root, 'editors', name) }))
  .filter(({ dir }) => existsSync(join(dir, 'package.json')));

type Loaded = { plugin: EditorPluginDefinition; server?: EditorPluginServer };
const loaded = new Map<string, Promise<Loaded>>();
function load(dir: string): Promise<Loaded> {
  if (!loaded.has(dir))
    loaded.set(
      dir,
      (async () => ({
        plugin: ((await import(join(dir, 'src', 'plugin.tsx'))) as { default: EditorPluginDefinition }).default,
        server: existsSync(join(dir, 'server', 'index.ts')) ? ((await import(join(dir, 'server', 'index.ts'))) as { default: EditorPluginServer }).default : undefined,
      }))(),
    );
  return loaded.get(dir)!;
}
/** An `hru-data` page (general management, operations) opens on picking one HRU: Get data without
 * one says the spec's 'Please select an HRU and try again.'; with one, the form is the HRU's. */
async function getOneHru(url: string): Promise<void> {
  serve({
    'scenarios/7': { scenario: { id: 7, projectID: 5, name: 'Default', modTables: [] }, status: { isRunning: false }, project: { id: 5, name: 'Little River' } },
    'scenarios/getmods/7/': [],
    'hruselection/subbasins/5': [{ id: 101, name: '1', number: 1 }],
    'POST hruselection/landuse/5': [{ name: 'AGRL' }],
    'POST hruselection/soils/5': [{ name: 'LREW03' }],
    'POST hruselection/slopes/5': [{ name: '0-9999' }],
    [url.replace('{scenarioID}', '7').replace('{subbasinName}', '1').replace('{landuse}', 'AGRL').replace('{soil}', 'LREW03').replace('{slope}', '0-9999')]: { item: {}, defaults: {} },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Get data' }));
  expect(await screen.findByText(EDITOR_MESSAGES.selectOneHru)).toBeTruthy();
  for (const [label, option] of [['Subbasins', '1'], ['Land uses', 'AGRL'], ['Soils', 'LREW03'], ['Slopes', '0-9999']] as const) {
    const input = within(await screen.findByTestId('hru-pick')).getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
    await waitFor(() => expect(input.disabled).toBe(false));
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: option }));
  }
  fireEvent.click(screen.getByRole('button', { name: 'Get data' }));
  expect(await screen.findByTestId('hru-picked')).toBeTruthy();
}

const manifestOf = (dir: string) => loadManifest(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')), dir);

it('finds the workspace editors', () => {
  expect(editors.map((e) => e.name)).toEqual(expect.arrayContaining(['bsn', 'curve-number', 'weather-generator']));
});

describe.each(editors)('editor $name', ({ dir }) => {
  const manifest = manifestOf(dir);

  it('is an editor of its package.json: id, title, table, and the page at the route the manifest implies', async () => {
    const { plugin } = await load(dir);
    expect(manifest.kind).toBe('editor');
    const main = manifest.routes[0]!;
    expect(main.path).toBe(`/projects/:id/scenarios/:scenarioID/${manifest.slug ?? manifest.id}`);
    expect(plugin.editor).toMatchObject({ id: manifest.id, title: manifest.title, modTable: manifest.modTable, routeName: main.name, route: main.path });
    expect(typeof plugin.pages[main.name]).toBe('function');
    expect(manifest.nav).toContainEqual(expect.objectContaining({ menu: 'scenario-editors', route: main.name }));
    expect(SELECTION_MODES).toContain(plugin.editor.selection);
    expect(plugin.editor.saveUrl).toMatch(/\{scenarioID\}.*\{modTable\}/);
  });

  it('has a schema that compiles, whose defaults are a valid change, and a uiSchema naming its fields', async () => {
    const { schema, uiSchema = {} } = (await load(dir)).plugin.editor;
    expect(schema.type).toBe('object');
    const fields = Object.keys(schema.properties ?? {});
    expect(fields.length).toBeGreaterThan(0);
    expect(validateChange(schema, schemaDefaults(schema), { partial: true })).toEqual({});
    expect(() => validateChange(schema, {})).not.toThrow();
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      for (const [keyword, text] of Object.entries((prop as { messages?: Record<string, unknown> }).messages ?? {})) expect([name, keyword, typeof text]).toEqual([name, keyword, 'string']);
    }
    const options = (uiSchema['ui:options'] ?? {}) as { tabs?: { fields: string[] }[] };
    const named = [...Object.keys(uiSchema).filter((k) => !k.startsWith('ui:')), ...((uiSchema['ui:order'] as string[] | undefined) ?? []).filter((k) => k !== '*'), ...(options.tabs ?? []).flatMap((t) => t.fields)];
    for (const name of named) expect(fields, `uiSchema names ${name}`).toContain(name);
  });

  it('renders its page: the title, the form, and Back to the scenario view', async () => {
    const { plugin } = await load(dir);
    const { editor } = plugin;
    if (editor.mode === 'records') return; // its list page: the next test
    const first = Object.entries(editor.schema.properties ?? {})[0]!;
    const label = (first[1] as { title?: string }).title ?? first[0];
    const path = buildPath(editor.route, { id: 5, scenarioID: 7 });
    serve({
      'scenarios/7': { scenario: { id: 7, projectID: 5, name: 'Default', modTables: [] }, status: { isRunning: false }, project: { id: 5, name: 'Little River' } },
      [`scenarios/getmods/7/${editor.modTable}`]: [],
      'hruselection/subbasins/5': [{ id: 101, name: '1', number: 1 }],
      ...(editor.url ? { [editor.url.replace('{scenarioID}', '7').replace('{modTable}', editor.modTable)]: { item: {}, default: {}, changes: { hasChanges: false } } } : {}),
    });
    renderPages(path, plugin);
    expect(await screen.findByRole('heading', { name: editor.title })).toBeTruthy();
    if (editor.mode === 'hru-data') await getOneHru(editor.url!);
    // a field of the SDK (checklist, value table, HRU picker) is a group named by its title
    expect(await screen.findByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), { selector: 'input, [role="group"]' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the scenario view' }).getAttribute('href')).toBe('/projects/5/scenarios/7');
  }, 30_000);

  it('renders its list page (records editors): the records, each leading to its page', async () => {
    const { plugin } = await load(dir);
    const { editor } = plugin;
    if (editor.mode !== 'records') return;
    const records = editor.records!;
    const column = (records.columns ?? [])[0];
    serve({
      'scenarios/7': { scenario: { id: 7, projectID: 5, name: 'Default', modTables: [] }, status: { isRunning: false }, project: { id: 5, name: 'Little River' } },
      [records.listUrl.replace('{scenarioID}', '7')]: { items: [{ id: 3, name: 'REC', description: 'A record', ...(column ? { [column]: 0.5 } : {}), isModified: true }], hasChanges: true },
    });
    renderPages(buildPath(editor.route, { id: 5, scenarioID: 7 }), plugin);
    expect(await screen.findByRole('heading', { name: editor.title })).toBeTruthy();
    expect(await screen.findByText('REC')).toBeTruthy();
    if (column) expect(screen.getByText('0.500')).toBeTruthy();
    expect(screen.getByTestId('record-modified-3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit REC' }).getAttribute('href')).toBe(buildPath(records.path!, { id: 5, scenarioID: 7, [records.param]: 3 }));
    expect(screen.getByRole('link', { name: 'Back to the scenario view' }).getAttribute('href')).toBe('/projects/5/scenarios/7');
    expect(typeof plugin.pages[records.route]).toBe('function');
  }, 30_000);

  it('has a server half for the same table and schema, which describes a change and applies nothing without changes', async () => {
    const { plugin, server } = await load(dir);
    expect(server, 'server/index.ts').toBeDefined();
    expect(server!.id).toBe(manifest.id);
    expect(server!.editor.modTable).toBe(manifest.modTable);
    expect(server!.editor.schema).toEqual(plugin.editor.schema);
    expect(partialSchema(server!.editor.schema)).not.toHaveProperty('required');
    if (server!.editor.describe) expect(typeof server!.editor.describe(schemaDefaults(plugin.editor.schema))).toBe('string');
    // (what `apply` writes is each editor's own test, on the SDK's tiny project in node)
    const project = { title: 'empty', subbasins: [], reaches: [], bsn: {}, cio: {} } as unknown as Parameters<typeof applyContext>[0];
    const before = structuredClone(project);
    await server!.editor.apply(applyContext(project, []));
    expect(project).toEqual(before);
    for (const r of server!.routes ?? []) {
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).toContain(r.method);
      expect(r.path).toMatch(/^\//);
    }
  }, 30_000);

  it('answers the calls its pages make (records editors: GET of the list, GET and POST of a record)', async () => {
    const { plugin, server } = await load(dir);
    if (plugin.editor.mode !== 'records') return;
    const path = (url: string) => `/${url.replace(/\{(\w+)\}/g, ':$1')}`;
    const routes = (server!.routes ?? []).map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(expect.arrayContaining([`GET ${path(plugin.editor.records!.listUrl)}`, `GET ${path(plugin.editor.url!)}`, `POST ${path(plugin.editor.url!)}`]));
  });

  it('answers the calls its page makes (one-setting editors: GET and POST of its url)', async () => {
    const { plugin, server } = await load(dir);
    if (plugin.editor.mode !== 'single') return;
    const path = `/${plugin.editor.url!.replace(/\{(\w+)\}/g, ':$1')}`;
    expect((server!.routes ?? []).filter((r) => r.path === path).map((r) => r.method).sort()).toEqual(['GET', 'POST']);
  });
});
