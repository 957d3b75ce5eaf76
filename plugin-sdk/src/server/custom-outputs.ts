// Output tools' server halves (spec 2 §3 'Custom output request', §7 outputs calls): what the
// platform offers them (`req.platform.customOutputs`) and what a tool gives the platform (a
// `customOutput` producer, run by the ONE shared `custom-output` job on the workers).
//
// A tool's route validates the form and calls `submit`; platform-api stores the request row,
// queues the job and answers. On a worker the job calls the tool's producer with the request,
// read access to the scenario's stored outputs and its run folder, and a folder for the files;
// progress goes to room `scenario:{id}` as `custom-output-status` (CUSTOM_OUTPUT_EVENT).
import type { CustomOutputPageData, CustomOutputRequest } from '../custom-outputs.ts';

export type StoredOutputKind = 'rch' | 'sub' | 'hru';
export type StoredOutputPeriod = 'day' | 'month' | 'year';

/** The axes of one stored output (file and period) of a scenario's last run. */
export type StoredOutputAxes = {
  /** Unit numbers (reach/subbasin numbers; for `hru`, the HRU numbers), in stored order. */
  units: number[];
  /** day: yyyymmdd, month: yyyymm, year: yyyy. */
  times: number[];
  /** SWAT column names (`FLOW_OUTcms`, ...). */
  variables: string[];
  /** km² per unit. */
  areas: number[];
};

/** Read access to the outputs loaded from the run (one Float32 matrix [unit][time] per variable). */
export type StoredOutputs = {
  axes(kind: StoredOutputKind, period: StoredOutputPeriod): Promise<StoredOutputAxes | null>;
  /** The values of `variable` for the units with stored indexes [from, from + count), unit
   * after unit (`count × times.length` values; NaN where a unit has no row for a time). */
  block(kind: StoredOutputKind, period: StoredOutputPeriod, variable: string, from: number, count: number): Promise<Float32Array>;
};

/** What a tool submits after validating its form. */
export type CustomOutputSubmission = {
  /** The tool: its plugin id ('ce-qual', 'ffa', 'baseflow'). */
  tool: string;
  /** CE-QUAL-W2: RCH or SUB; the tools reading reach flows: RCH. */
  outputType: string;
  applyToAll: boolean;
  /** Dataset subbasin ids (as `hruselection/subbasins` gives them); ignored with applyToAll. */
  subbasins: number[];
  filterParameter?: number;
  bfiMax?: number;
  /** Tool options beyond the spec's fields; handed to the producer as they are. */
  options?: Record<string, unknown>;
  /** Spec 2 §5/§8 gates checked on submit (output processing not skipped is always checked). */
  requires?: { daily?: boolean; moreYearsThan?: number };
};

export type CustomOutputServices = {
  /** Page data of a tool (spec 2 §3): printSetting, numYears, noOutputProcessing, requests, subbasins. */
  page(scenarioId: number, tool: string): Promise<CustomOutputPageData>;
  /** Stores the request and queues the `custom-output` job. */
  submit(scenarioId: number, submission: CustomOutputSubmission): Promise<{ value: true; id: number }>;
  /** One request (the user's access to its scenario checked). */
  get(requestId: number): Promise<CustomOutputRequest>;
  /** A file the request's job wrote (`results/` or `files/`), or null. */
  readFile(requestId: number, name: string): Promise<Buffer | null>;
  /** The project's subbasins of a scenario: dataset id, name, SWAT number. */
  subbasins(scenarioId: number): Promise<{ id: number; name: string; number: number }[]>;
  /**
   * Runs the job of `queue` on the workers for a scenario that has run and answers its result
   * (SWAT Check). The job's data is `data` plus `scenarioId`, `runDir` (the scenario files) and
   * `cacheDir` (a folder kept with the scenario's outputs, emptied when they change).
   */
  compute<T = unknown>(scenarioId: number, queue: string, data: Record<string, unknown>): Promise<T>;
};

/** What a producer gets on the worker. */
export type CustomOutputJob = {
  requestId: number;
  scenarioId: number;
  tool: string;
  outputType: string;
  applyToAll: boolean;
  /** The units to produce, SWAT numbers with their subbasin names (every stored unit with applyToAll). */
  units: { number: number; name: string }[];
  filterParameter?: number;
  bfiMax?: number;
  options: Record<string, unknown>;
  /** The scenario files: the TxtInOut folder that ran, with its outputs (read only). */
  runDir: string;
  /** Files of the download (the request's zip is this folder). */
  filesDir: string;
  /** Files the tool's results page reads back (`readFile`). */
  resultsDir: string;
  outputs: StoredOutputs;
  /** Reports progress (fraction 0–1); throws when the request was deleted meanwhile (the job stops). */
  progress(fraction: number, message: string): Promise<void>;
};

export type CustomOutputResult = {
  /** The request's status message when complete (default 'Your files are ready.'). */
  message?: string;
};

export type CustomOutputProducer = (job: CustomOutputJob) => Promise<CustomOutputResult | void>;

/** Thrown by `progress` when the request no longer exists (deleted while running). */
export class CustomOutputCancelled extends Error {
  readonly kind = 'customOutputCancelled';
  constructor() {
    super('The request was deleted.');
  }
}
