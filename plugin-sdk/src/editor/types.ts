// Types of the Editor SDK: the editor definition, the HRU selection, saved changes and the
// scenario answer every editor page reads. Type-only imports of rjsf: nothing here loads it.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ComponentType, ReactNode } from 'react';

/** Which HRUs a change applies to (ARCHITECTURE 'Editors'):
 * - `none`: the whole scenario (no selector; saved with applyToAll true),
 * - `hru`: subbasins, land uses, soils and slopes in cascade, or all HRUs,
 * - `subbasin`: subbasins only, or all,
 * - `subbasin-months`: subbasins (or all) plus months 1–12,
 * - `single-hru`: exactly one subbasin, land use, soil and slope. */
export type EditorSelectionMode = 'none' | 'hru' | 'subbasin' | 'subbasin-months' | 'single-hru';

/** The HRU selection as the generic save body carries it (spec 2 §3 'Generic modification'). */
export type HruSelection = {
  applyToAll: boolean;
  /** Dataset subbasin ids (as `GET hruselection/subbasins` answers them). */
  subbasins: number[];
  landuses: string[];
  soils: string[];
  slopes: string[];
  /** 1 = January … 12 = December; used by `subbasin-months`. */
  months: number[];
};

/** The JSON schema of a change: plain JSON, shared by the client (rjsf + ajv) and the server.
 * JSON Schema 7 plus, on any field, `messages`: the message per failing keyword
 * (`{ "not": "…" }`; platform-api reads it too), or `errorMessage` (one message for the field,
 * or per keyword — the ajv-errors convention; client only). */
export type EditorSchema = RJSFSchema & {
  messages?: Record<string, string>;
  errorMessage?: string | Record<string, string>;
  properties?: Record<string, EditorSchema | boolean>;
  items?: EditorSchema | boolean | (EditorSchema | boolean)[];
};
/** The uiSchema: plain JSON too; widgets are named (`"ui:widget": "sliderNumber"`). */
export type EditorUiSchema = UiSchema;

/** One saved change as `GET scenarios/getmods/{scenarioID}/{modType}` lists it. */
export type SavedChange = {
  id: number;
  modType?: string;
  applyToAll?: boolean;
  /** Short text of the change, written by the server for this table. */
  value?: string | number | null;
  /** Subbasin names. */
  subbasins?: (string | number)[];
  subbasinIDs?: number[];
  landuses?: string[];
  soils?: string[];
  slopes?: string[];
  months?: number[];
  modificationObject?: unknown;
  lastModifiedDate?: string;
};

/** The generic save body (`POST scenarios/savemods/{scenarioID}/{modType}`). */
export type SaveChangeBody = {
  applyToAll: boolean;
  subbasins: number[];
  landuses: string[];
  soils: string[];
  slopes: string[];
  months?: number[];
  modificationObject: Record<string, unknown>;
};

/** `GET scenarios/{scenarioID}` (platform-api scenarios README). Only what editors read is typed. */
export type ScenarioSummary = {
  id: number;
  projectID: number;
  name: string;
  modTables?: string[];
  hasRun?: boolean;
  [key: string]: unknown;
};
export type ScenarioStatusSummary = {
  isRunning: boolean;
  hasError?: boolean;
  hasRun?: boolean;
  currentProgress?: number;
  statusMessage?: string;
  [key: string]: unknown;
};
export type ScenarioResponse = {
  scenario: ScenarioSummary;
  status: ScenarioStatusSummary;
  project: { id: number; name: string; [key: string]: unknown };
};

/** rjsf widget and field components, registered by name (any props: they are rjsf's). */
export type RegisteredComponents = Record<string, ComponentType<any>>;

/** What an editor's `src/plugin.tsx` says beyond its package.json: its id, title, modification
 * table and route slug are declared once, in the `headwater` block (`defineEditor(pkg, options)`). */
export type EditorOptions = {
  schema: EditorSchema;
  uiSchema?: EditorUiSchema;
  selection: EditorSelectionMode;
  /** Save path template; `{scenarioID}` and `{modTable}` are filled in.
   * Default `scenarios/savemods/{scenarioID}/{modTable}`; curve number, sediment routing
   * and potholes use `scenarios/subbasin/save/{scenarioID}/{modTable}`. */
  saveUrl?: string;
  /** The text of a saved change in the table's value column and the view modal
   * (the server's `value` text by default). */
  describeChange?: (change: SavedChange) => ReactNode;
  /** Turns the changed fields into the modificationObject sent (e.g. drop a zero). */
  toModificationObject?: (changed: Record<string, unknown>, formData: Record<string, unknown>) => Record<string, unknown>;
  /** Extra rjsf widgets by name, on top of the SDK's (`sliderNumber`, `months`). */
  widgets?: RegisteredComponents;
  /** Extra rjsf fields by name (operations table, HRU print table, ...). */
  fields?: RegisteredComponents;
  /** Text shown above the form. */
  intro?: ReactNode;
  /** `changes` (default): saved changes are listed and a new one is added for an HRU selection.
   * `single`: the table holds one setting for the whole scenario (basin variables; also fits
   * a fertilizer, an urban type): the form starts from the values in effect, `GET {url}` →
   * `{ item, default, changes: { hasChanges } }`, shows each field's default, and Save posts
   * the changed and non-default values to `{url}` (spec 2 §5). Needs `selection: 'none'`.
   * `records`: one setting per record of a list (fertilizers, urban types; spec 2 §2 '.../fert and
   * .../fert/{fertID}'): the main page lists the records (`records.listUrl`: 20 per page, a
   * filter, numbers to 3 decimals, changed rows marked) and each opens its own page — a
   * one-setting page on `url` (which holds the record's route parameter). Needs `selection: 'none'`. */
  mode?: 'changes' | 'single' | 'records' | 'hru-data' | 'custom';
  /** `single` mode: the GET and POST path, e.g. `scenarios/general/bsn/{scenarioID}`; the
   * route's params (`{scenarioID}`, `{id}`, `{fertID}`...) and `{modTable}` are filled in.
   * The server half's `single.url` is the same template (declare it once, in src/schema.ts). */
  url?: string;
  /** `hru-data` mode (spec 2 §2 general management, operations): the page picks exactly one HRU,
   * `GET {url}` (its `{scenarioID}`, `{subbasinName}`, `{landuse}`, `{soil}` and `{slope}` filled in)
   * answers `{ item, ...lists }`, the form starts from `item` (the answer is in the form context:
   * `HruDataFormContext`), and Save applies the change to an HRU selection. Needs `selection:
   * 'single-hru'` and `url`. `custom` mode: the page is the editor's own `body` inside the SDK's
   * frame (title, login prompt, running notice, the scenario's project check) — an upload page. */
  body?: ComponentType<EditorBodyProps>;
  /** A rule the schema cannot say, checked when Save is pressed (after the form's validation):
   * the message that blocks the save, or null (the operations' heat units / dates rule). */
  validate?: (formData: Record<string, unknown>) => string | null;
  /** Pages of the extra routes package.json declares (`routes`), by route name. */
  pages?: Record<string, ComponentType<any>>;
  /** `records` mode: the list and the record pages. */
  records?: EditorRecords;
};

/** What a `custom` editor's body receives from the SDK's page frame. */
export type EditorBodyProps = {
  editor: EditorDefinition;
  /** the route's params (`id`, `scenarioID`, ...) */
  params: Record<string, string | undefined>;
  /** the scenario's GET path (`scenarios/{id}`), to reload after a change (the scenario's modTables) */
  scenarioPath: string;
  /** the 'Back to the scenario view' button */
  back: ReactNode;
  /** what to show when a call answers 401 */
  loginPrompt: ReactNode;
  /** the scenario answer (`GET scenarios/{id}`) */
  scenario: ScenarioResponse;
};

/** The list of a `records` editor (see `EditorOptions.mode`). */
export type EditorRecords = {
  /** `GET {listUrl}` → `{ items: [{ id, name, description, ...values, isModified }], hasChanges }` */
  listUrl: string;
  /** the route name of a record's page (declared in package.json `routes`, its path holding `:<param>`) */
  route: string;
  /** the record's route parameter (`fertID`), filled into `url` */
  param: string;
  /** the schema properties shown as columns (default: every numeric one) */
  columns?: string[];
  /** more text columns of an item, before the numbers: `[{ key: 'FERTNM', title: 'Code' }]` */
  textColumns?: { key: string; title: string }[];
  /** what a record is, for the page's texts ('fertilizer') */
  noun?: string;
  /** records per page (spec 2 §9: 20) */
  perPage?: number;
  /** decimals of the numbers (spec 2 §9: 3) */
  decimals?: number;
  /** the record route's path (filled in by defineEditor from package.json) */
  path?: string;
};

/** An editor as its page uses it: the options plus what package.json declares. */
export type EditorDefinition = Omit<EditorOptions, 'saveUrl' | 'mode' | 'pages'> & {
  /** Plugin id (package.json headwater.id), e.g. `curve-number`. */
  id: string;
  /** The modification table the editor writes (headwater.modTable): `Cn2Percent`, `Wgn`, ... */
  modTable: string;
  title: string;
  /** The page's path segment under the scenario (headwater.slug, else the id). */
  slug: string;
  saveUrl: string;
  mode: 'changes' | 'single' | 'records' | 'hru-data' | 'custom';
  /** The page's route name (`CurveNumberEditor`), as the expanded manifest declares it. */
  routeName: string;
  /** The page's route path: `/projects/:id/scenarios/:scenarioID/<slug>`. */
  route: string;
};
