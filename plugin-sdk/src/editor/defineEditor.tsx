// defineEditor: an input editor is mostly data (ARCHITECTURE 'Editors'). Its id, title,
// modification table and slug are declared once, in package.json's `headwater` block; its main
// page (route `mainRouteName('editor', id)`, e.g. `CurveNumberEditor`, at
// `/projects/:id/scenarios/:scenarioID/<slug>`) is implied by the manifest and is the SDK's
// EditorPage:
//
//   import pkg from '../package.json' with { type: 'json' };
//   export default defineEditor(pkg, { schema, uiSchema, selection: 'hru' });
import { mainRouteName } from '../manifest.ts';
import type { PageProps, PluginDefinition } from '../plugin.ts';
import { definePlugin, manifestOf, type PackageJson } from '../plugin.ts';
import { EditorPage } from './EditorPage.tsx';
import type { EditorDefinition, EditorOptions, EditorSelectionMode } from './types.ts';

export const DEFAULT_SAVE_URL = 'scenarios/savemods/{scenarioID}/{modTable}';
export const SUBBASIN_SAVE_URL = 'scenarios/subbasin/save/{scenarioID}/{modTable}';

export const SELECTION_MODES: readonly EditorSelectionMode[] = ['none', 'hru', 'subbasin', 'subbasin-months', 'single-hru'];

export type EditorPluginDefinition = PluginDefinition & { editor: EditorDefinition };

/** The problems of an editor definition, in words (none: it is fine). */
function problemsOf(m: { id?: string; kind?: string; modTable?: string; title?: string }, options: EditorOptions): string[] {
  const problems: string[] = [];
  if (!m.id || !/^[a-z][a-z0-9-]{1,40}$/.test(m.id)) problems.push('id must be lower-case letters, digits and dashes');
  if (m.kind !== 'editor') problems.push(`kind must be 'editor' (package.json headwater.kind is '${String(m.kind)}')`);
  if (!m.modTable) problems.push('modTable is required');
  if (!m.title) problems.push('title is required');
  if (!options.schema || typeof options.schema !== 'object') problems.push('schema is required');
  if (!SELECTION_MODES.includes(options.selection)) problems.push(`selection '${String(options.selection)}' is not one of ${SELECTION_MODES.join(', ')}`);
  if (options.mode !== undefined && !['changes', 'single', 'records', 'hru-data', 'custom'].includes(options.mode)) problems.push(`mode '${String(options.mode)}' is not one of changes, single, records, hru-data, custom`);
  if (options.mode === 'hru-data') {
    if (options.selection !== 'single-hru') problems.push("mode 'hru-data' picks one HRU: use selection 'single-hru'");
    if (!options.url) problems.push("mode 'hru-data' needs the url of one HRU's data");
  }
  if (options.mode === 'custom' && typeof options.body !== 'function') problems.push("mode 'custom' needs its page body (body)");
  if ((options.mode === 'single' || options.mode === 'records') && !options.url) problems.push(`mode '${options.mode}' needs the url of its GET and POST`);
  if (options.mode === 'single' && options.selection !== 'none') problems.push("mode 'single' applies to the whole scenario: use selection 'none'");
  if (options.mode === 'records') {
    if (options.selection !== 'none') problems.push("mode 'records' applies to the whole scenario: use selection 'none'");
    if (!options.records?.listUrl || !options.records.route || !options.records.param) problems.push("mode 'records' needs records: { listUrl, route, param }");
    else if (!options.url!.includes(`{${options.records.param}}`)) problems.push(`mode 'records': url must hold {${options.records.param}}`);
  }
  return problems;
}

/** The default export of an editor's `src/plugin.tsx`: `pkg` is its package.json. */
export function defineEditor(pkg: PackageJson, options: EditorOptions): EditorPluginDefinition {
  const source = (pkg.headwater ?? {}) as { id?: string; kind?: string; modTable?: string; title?: string };
  const problems = problemsOf(source, options);
  if (problems.length) throw new Error(`defineEditor(${source.id ?? '?'}): ${problems.join('; ')}`);
  const manifest = manifestOf(pkg);
  const routeName = mainRouteName('editor', manifest.id)!;
  const route = manifest.routes.find((r) => r.name === routeName)!;
  const { pages, saveUrl, mode, ...rest } = options;
  const editor: EditorDefinition = {
    ...rest,
    id: manifest.id,
    modTable: manifest.modTable!,
    title: manifest.title,
    slug: manifest.slug ?? manifest.id,
    saveUrl: saveUrl ?? DEFAULT_SAVE_URL,
    mode: mode ?? 'changes',
    routeName,
    route: route.path,
  };
  const Page = (props: PageProps) => <EditorPage editor={editor} {...props} />;
  Page.displayName = `EditorPage(${manifest.id})`;
  let allPages = pages;
  if (editor.mode === 'records') {
    const records = editor.records!;
    const recordRoute = manifest.routes.find((r) => r.name === records.route);
    if (!recordRoute) throw new Error(`defineEditor(${manifest.id}): records.route '${records.route}' is not a route of package.json (headwater.routes)`);
    if (!recordRoute.path.includes(`:${records.param}`)) throw new Error(`defineEditor(${manifest.id}): the path of route '${records.route}' must hold :${records.param}`);
    const RecordPage = (props: PageProps) => <EditorPage editor={editor} recordPage {...props} />;
    RecordPage.displayName = `EditorRecordPage(${manifest.id})`;
    allPages = { [records.route]: RecordPage, ...pages };
    editor.records = { ...records, path: recordRoute.path };
  }
  return { ...definePlugin(pkg, { pages: allPages, main: Page }), editor };
}
