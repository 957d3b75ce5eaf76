// The server half of an input editor (ARCHITECTURE 'Editors'): the JSON schema of one saved
// change (the same schema the editor's form uses) and `apply`, which writes the scenario's saved
// changes into the SWAT inputs at run time. platform-api validates every saved change of the
// editor's `modTable` against `schema` and calls `apply` once per run with all of them.
import type { HruInputs, SubbasinInputs, SwatProject } from '@headwater/swat/txtinout/types.ts';
import type { PluginServer } from './index.ts';

/** A saved change (spec 2 §3 'Generic modification'); empty lists mean all. */
export type SavedChange<T = Record<string, unknown>> = {
  id: number;
  modType: string;
  applyToAll: boolean;
  /** project subbasin numbers (SWAT numbering of the written TxtInOut) */
  subbasins: number[];
  landuses: string[];
  soils: string[];
  slopes: string[];
  months: number[];
  modificationObject: T;
};

/** One HRU of the written project and what the selector chooses it by. */
export type HruMatch = { subbasin: SubbasinInputs; hru: HruInputs; landuse: string; soil: string; slopeClass: string };

export type ApplyContext<T = Record<string, unknown>> = {
  /** the assembled TxtInOut, before it is written: change its objects in place */
  project: SwatProject;
  /** this editor's saved changes, oldest first (later ones win where they overlap) */
  changes: SavedChange<T>[];
  /** the HRUs a change selects */
  hrusOf(change: SavedChange<T>): HruMatch[];
  /** the subbasins a change selects (applyToAll or its subbasins) */
  subbasinsOf(change: SavedChange<T>): SubbasinInputs[];
};

export type EditorServer<T = Record<string, unknown>> = {
  /** the modification table (Cn2Percent, Bsn, Wgn, ...) */
  modTable: string;
  /** JSON schema of `modificationObject` (draft 2020-12 subset ajv understands) */
  schema?: Record<string, unknown>;
  /** writes the changes into the project */
  apply(ctx: ApplyContext<T>): void | Promise<void>;
  /** short text of a change for the saved-changes table (default: its values joined) */
  describe?(modificationObject: T): string;
};

export type EditorPluginServer = PluginServer & { editor: EditorServer<any> };

/** The default export of an editor's `server/index.ts`. `id` is the plugin id (package.json headwater.id). */
export function defineEditorServer<T = Record<string, unknown>>(def: EditorServer<T> & { id: string; routes?: PluginServer['routes'] }): EditorPluginServer {
  const { id, routes, ...editor } = def;
  return { id, routes, editor: editor as EditorServer<any> };
}
