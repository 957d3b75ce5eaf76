// defineEditor: an input editor is mostly data (ARCHITECTURE 'Editors'). It becomes a plugin
// with one page, the SDK's EditorPage, at `/projects/:id/scenarios/:scenarioID/<slug>`.
import type { PageProps, PluginDefinition } from '../plugin.ts';
import { definePlugin } from '../plugin.ts';
import { EditorPage } from './EditorPage.tsx';
import type { EditorDefinition, EditorOptions } from './types.ts';

export const DEFAULT_SAVE_URL = 'scenarios/savemods/{scenarioID}/{modTable}';
export const SUBBASIN_SAVE_URL = 'scenarios/subbasin/save/{scenarioID}/{modTable}';

/** The route of an editor page: `/projects/:id/scenarios/:scenarioID/<slug>`. */
export function editorRoute(slug: string): string {
  return `/projects/:id/scenarios/:scenarioID/${slug}`;
}

export type EditorPluginDefinition = PluginDefinition & { editor: EditorDefinition };

export function defineEditor(options: EditorOptions): EditorPluginDefinition {
  const problems: string[] = [];
  if (!options.id || !/^[a-z][a-z0-9-]{1,40}$/.test(options.id)) problems.push('id must be lower-case letters, digits and dashes');
  if (!options.modTable) problems.push('modTable is required');
  if (!options.title) problems.push('title is required');
  if (!options.schema || typeof options.schema !== 'object') problems.push('schema is required');
  if (!['none', 'hru', 'subbasin', 'subbasin-months', 'single-hru'].includes(options.selection)) problems.push(`selection '${String(options.selection)}' is not one of none, hru, subbasin, subbasin-months, single-hru`);
  if (options.mode !== undefined && options.mode !== 'changes' && options.mode !== 'single') problems.push(`mode '${String(options.mode)}' is not one of changes, single`);
  if (options.mode === 'single' && !options.url) problems.push("mode 'single' needs the url of its GET and POST");
  if (options.mode === 'single' && options.selection !== 'none') problems.push("mode 'single' applies to the whole scenario: use selection 'none'");
  if (problems.length) throw new Error(`defineEditor(${options.id ?? '?'}): ${problems.join('; ')}`);
  const slug = options.slug ?? options.id;
  const editor: EditorDefinition = { ...options, slug, saveUrl: options.saveUrl ?? DEFAULT_SAVE_URL, mode: options.mode ?? 'changes', route: editorRoute(slug) };
  const Page = (props: PageProps) => <EditorPage editor={editor} {...props} />;
  Page.displayName = `EditorPage(${options.id})`;
  return { ...definePlugin({ id: options.id, pages: { [editor.route]: Page } }), editor };
}
