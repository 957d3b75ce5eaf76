// The server half of a plugin or editor: thin routes that validate and call services, and
// job processors for heavy work. Framework-free so a plugin never depends on Koa directly;
// platform-api mounts the routes under /api behind the plugin's feature flag.
import type { Access } from '../manifest.ts';

export type ServerUser = { id: number; userName: string; roles: string[]; isAdmin: boolean };

/** The parameter names of a route path: `/scenarios/subbasin/cn2/:scenarioID` → 'scenarioID';
 * template paths (`scenarios/general/bsn/{scenarioID}`) too. */
export type PathParams<P extends string> = string extends P
  ? string
  : P extends `${string}:${infer Rest}`
    ? Rest extends `${infer Name}/${infer Tail}`
      ? Name | PathParams<`/${Tail}`>
      : Rest
    : P extends `${string}{${infer Name}}${infer Tail}`
      ? Name | PathParams<Tail>
      : never;

/** A request to a plugin's route; `params` holds the route's parameters (`ServerRoute` types
 * them from its path). */
export type ServerRequest<K extends string = string> = {
  params: Record<K, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  user?: ServerUser;
  /** the platform's services, acting as the request's user (access is checked by them) */
  platform: PlatformServices;
  /** The plugin's settings as the administrator set them (also listed to the browser) and its
   * secret settings (API keys and the like: set through PUT admin/plugins/{id}
   * `secretSettings`, never sent to a browser). */
  settings?: Record<string, unknown>;
  secrets?: Record<string, unknown>;
  /** The files of a multipart request to a route that declares `upload` (uploads.ts); removed
   * by platform-api once the handler ends. */
  files?: import('./uploads.ts').UploadedFile[];
};

/** A saved change as the change store lists it (spec 2 §3 'Generic modification'). */
export type ListedChange = {
  id: number;
  modType: string;
  applyToAll: boolean;
  value: string;
  subbasins: string[];
  subbasinIDs: number[];
  landuses: string[];
  soils: string[];
  slopes: string[];
  months: number[];
  modificationObject: unknown;
  lastModifiedDate: Date | string;
};
/** One HRU of a project as a run writes it (spec 2 §3 'HRUs to print response' rows). */
export type ProjectHru = {
  /** the project HRU's id (what `hruselection/matching` answers and HruPrint saves) */
  id: number;
  /** 1.. in the order the run writes the HRUs (subbasin by subbasin) */
  number: number;
  /** the subbasin's name */
  subbasin: string;
  /** the project's subbasin number (SWAT's) */
  subbasinNumber: number;
  /** the dataset subbasin id (the HRU selector's subbasin ids) */
  subbasinId: number;
  landuse: string;
  soil: string;
  slopeClass: string;
  slope: number;
  slopeLength: number;
  /** km² */
  area: number;
  /** of the subbasin */
  fraction: number;
};
/** A land use of a project's HRUs. */
export type ProjectLandUse = {
  /** the SWAT code (AGRL) */
  code: string;
  /** the dataset's name of it (Agricultural Land-Generic), else the code */
  name: string;
  /** number of the project's HRUs of this land use */
  hrus: number;
  /** the .mgt its first HRU is written with (the HRU's own, else the land use's): a
   * `@headwater/swat` Mgt object; undefined when the dataset has none */
  mgt?: unknown;
};
export type ChangeBody = { applyToAll?: boolean; subbasins?: unknown[]; landuses?: unknown[]; soils?: unknown[]; slopes?: unknown[]; months?: unknown[]; modificationObject?: unknown };

/** A dataset's calibrated watersheds as a scenario's editors see them (`scenarios.calibrations`). */
export type ScenarioCalibrations = {
  pageText: string;
  calibrations: {
    id: number;
    name: string;
    description: string;
    group: string;
    /** the calibration option (editors/calibration `CalibrationOption`), null when it ships none */
    option: unknown;
    locationPoints: { number: string; name: string; isUsgsSite: boolean; lat: number; lng: number; data: { name: string; value: string }[] }[];
  }[];
};

/** What a plugin's server half may ask of the platform. Every call checks that the request's
 * user may reach the scenario (401/403/404 in the spec's wording otherwise). */
export type PlatformServices = {
  scenarios: {
    get(scenarioId: number): Promise<{ id: number; projectId: number; datasetId: number | null; isRunning: boolean; hasRun: boolean; name: string; startingSimulationDate?: string; endingSimulationDate?: string }>;
    getMods(scenarioId: number, modType: string): Promise<ListedChange[]>;
    /** adds a change (validated against the editor's schema) */
    saveMod(scenarioId: number, modType: string, body: ChangeBody): Promise<{ value: true; id: number }>;
    /** replaces every change of the table with this one (one-setting tables: Bsn, HruVars...) */
    replaceMods(scenarioId: number, modType: string, body: ChangeBody): Promise<{ value: true; id: number }>;
    deleteModType(scenarioId: number, modType: string): Promise<{ value: true; deleted: number }>;
    /** the project dataset's basin-wide SWAT inputs (file.cio, basins.bsn, databases), read only */
    datasetInputs(scenarioId: number): Promise<{
      cio: Record<string, unknown>;
      bsn: Record<string, unknown>;
      databases: Record<string, unknown[]>;
      /** ICLUS land use projections of the dataset, when it has them: dated HRU fraction tables in
       * the land use update CSV format (`date` yyyy-mm-dd, `csv` its text) */
      iclus?: { date: string; csv: string }[];
    }>;
    /** removes one change (spec 2 §7 `DELETE scenarios/deletemod/{modID}`); 404 unless it is a change of this scenario */
    deleteMod(scenarioId: number, modId: number): Promise<{ value: true }>;
    /** replaces some changes of a table with one, in one transaction: `only` names the changes
     * replaced (one record of a records table: a fertilizer); none named: it is added */
    replaceSomeMods(scenarioId: number, modType: string, only: number[], body: ChangeBody): Promise<{ value: true; id: number }>;
    /** the project's current HRUs in the order a run writes them: `number` is the HRU's number in
     * the scenario's TxtInOut (file.cio's print list, output.hru's HRU column) */
    hrus(scenarioId: number): Promise<ProjectHru[]>;
    /** the project's land uses (those of its current HRUs), with the dataset's name and the
     * management (.mgt) its HRUs of that land use are written with */
    landUses(scenarioId: number): Promise<ProjectLandUse[]>;
    /** Some of the project's HRUs (by project HRU id) as a run writes them before the editors
     * apply their changes: the .mgt (a `@headwater/swat` Mgt object: the HRU's own, else its land
     * use's, with the project's CN2), its .hru values (the dataset's defaults under its own) and the
     * soil's hydrologic group (A–D). */
    hruInputs(scenarioId: number, hruIds: number[]): Promise<{ id: number; mgt?: unknown; hru?: unknown; hydGrp?: string }[]>;
    /** The calibrated watersheds of the project's dataset (spec 2 §3 'Calibration'): each with its
     * group, gauge sites (location points) and its calibration option (`option`: the SWAT input
     * changes a dataset ships, editors/calibration), and the dataset's calibration page text. */
    calibrations?(scenarioId: number): Promise<ScenarioCalibrations>;
  };
  /** Custom output requests and jobs of the output tools (custom-outputs.ts). */
  customOutputs: import('./custom-outputs.ts').CustomOutputServices;
  /** A scenario's stored outputs: variables, statistics, observed data (outputs.ts). */
  outputs: import('./outputs.ts').OutputServices;
  /** Calibration requests run on the workers (calibration-runs.ts); absent on a platform without them. */
  calibrationRuns?: import('./calibration-runs.ts').CalibrationRunServices;
};

/** A route of a plugin's server half. Its handler's `params` are typed from the path:
 * `{ path: '/scenarios/subbasin/cn2/:scenarioID', handler: ({ params }) => idParam(params.scenarioID) }`. */
export type ServerRoute<P extends string = string> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api, e.g. `/help/runtimeguide`; parameters as `:name`. */
  path: P;
  access?: Access;
  /** The route takes a multipart upload (`req.files`): at most `maxBytes` per file and
   * `maxFiles` files, the whole body within `timeoutMs` (default 5 minutes); uploads.ts. */
  upload?: import('../editor/uploads.ts').UploadLimits;
  handler(req: ServerRequest<PathParams<P>>): Promise<unknown> | unknown;
};

/** One route with its params typed from its path (for routes declared outside a define call). */
export function serverRoute<const P extends string>(route: ServerRoute<P>): ServerRoute<P> {
  return route;
}

/** A list of routes, each typed by its own path (`routes: [{ path: '/a/:x', handler }, ...]`). */
export type ServerRoutes<R extends readonly string[]> = { [K in keyof R]: ServerRoute<R[K]> };

export type JobProcessor = (job: {
  id: string;
  data: unknown;
  reportProgress(p: { percent: number; message: string }): Promise<void>;
}) => Promise<unknown>;

export type PluginServer = {
  id: string;
  routes?: ServerRoute<any>[];
  /** Job processors by queue name; run by the worker processes. */
  jobs?: Record<string, JobProcessor>;
  /** Input editors: how their saved changes are validated and written at run time (editor.ts). */
  editor?: import('./editor.ts').EditorServer<any>;
  /** Output tools with requests: makes a request's files in the shared `custom-output` job. */
  customOutput?: import('./custom-outputs.ts').CustomOutputProducer;
};

export function definePluginServer<const R extends readonly string[] = []>(def: Omit<PluginServer, 'routes'> & { routes?: ServerRoutes<R> }): PluginServer {
  return def as PluginServer;
}

// Errors: a handler (or any service) throws a domain error; platform-api answers it in the spec's
// status codes and shapes. `PluginHttpError` is the deprecated status-and-body form.
export {
  DomainError,
  InputError,
  FeatureDisabledError,
  NotAllowedError,
  NotSignedInError,
  NotFoundError,
  ConflictError,
  RateLimitedError,
  CONFLICT_MESSAGES,
  DOMAIN_ERROR_KINDS,
  isDomainError,
  PluginHttpError,
  type DomainErrorKind,
  type FieldErrors,
} from './errors.ts';

export { idParam } from './params.ts';
// The bounds of every request's input (NUL, lengths, numbers, depth), held before any handler.
export { inputProblems, stringProblem, int4, INPUT_LIMITS, INPUT_MESSAGES, MAX_INT4, type InputLimits } from './input.ts';
// Uploads and downloads of editors: safe zip archives, CSV with line/column errors, files in and out.
export { readZip, writeZip, extractZipFile, safeEntryPath, type ZipEntry, type ZipLimits, type ExtractedZip } from './zip.ts';
export { parseCsvRows, readCsvTable, toCsv, csvCell, type CsvColumn, type CsvRow, type CsvTable, type CsvProblems } from './csv.ts';
export { hruOfKey, changeSelectsHru, type HruKey } from './single-hru.ts';
export { uploadedFile, FileResponse, isFileResponse, packText, unpackText, type UploadedFile } from './uploads.ts';
export { UPLOAD_MESSAGES, UPLOAD_TIMEOUT_MS, DEFAULT_UPLOAD_LIMITS, uploadProblem, extensionOf, type UploadLimits } from '../editor/uploads.ts';

export { defineEditorServer, changedSettings, settingValues, sameSetting, recordChanges, scenarioState, scenarioSummary } from './editor.ts';
export type { ScenarioSummary, SavedChange, HruMatch, ApplyContext, EditorServer, EditorPluginServer, EditorServerOptions, SingleSetting, DatasetInputs, RecordsSetting, EditorRecord } from './editor.ts';
// The one validation of a change, and the editors' wording (React-free).
export { validateChange, partialSchema, changeErrors, CHANGE_ROOT, type ChangeErrors } from '../editor/validateChange.ts';
export { EDITOR_MESSAGES, MONTH_NAMES } from '../editor/messages.ts';
export { selectionOf, type HruKeys } from './selection.ts';
export { CustomOutputCancelled } from './custom-outputs.ts';
export { storedValue, dayString, forEachUnitSeries, type UnitSeries } from './stored-series.ts';
export type {
  CustomOutputServices,
  CustomOutputSubmission,
  CustomOutputJob,
  CustomOutputProducer,
  CustomOutputResult,
  StoredOutputs,
  StoredOutputAxes,
  StoredOutputKind,
  StoredOutputPeriod,
} from './custom-outputs.ts';
export type {
  OutputServices,
  OutputCatalogue,
  OutputScenario,
  OutputTypeId,
  OutputUnitSystem,
  OutputStatistic,
  OutputParameter,
  OutputOption,
  OutputUnitRef,
  OutputSeries,
  OutputValues,
  SeriesRequest,
  ValuesRequest,
  ObservedSeries,
  FitStatistics,
} from './outputs.ts';
export type { CalibrationRunServices, CalibrationSubmission, CalibrationSummary } from './calibration-runs.ts';
