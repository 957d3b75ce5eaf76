// `req.platform.calibrationRuns`: the calibration requests of issue 24, which the platform runs
// on its workers (platform-api/src/modules/calibration-runs). The plugin's server half
// (plugins/calibration-runs/server) validates the bodies and calls these, acting as the
// request's user: reading needs access to the scenario, changing needs the right to edit it.
// Answers are the contract's shapes (plugins/calibration-runs/src/request.ts types them).

export type CalibrationSubmission = {
  name: string;
  /** a dataset gauge, or the parsed CSV (values in `units`, null: a missing day) */
  observed: { gaugeID: number } | { dates: string[]; values: (number | null)[]; units: 'm3/s' | 'cfs' };
  reach: number;
  calibrationPeriod: { start: string; end: string };
  validationPeriod: { start: string; end: string } | null;
  objective: 'NSE' | 'KGE' | 'LNSE';
  pbiasBound: number | null;
  algorithm: 'SUFI2' | 'DDS';
  runsPerIteration: number;
  iterations: number;
  seed: number;
  parameters: { variable: string; file: string; type: 'V' | 'A' | '%'; min: number; max: number; landuses?: string[]; subbasins?: number[] }[];
};

/** A request as the list, the status call and the live event `calibration-status` give it. */
export type CalibrationSummary = {
  id: number;
  name: string;
  algorithm: 'SUFI2' | 'DDS';
  objective: 'NSE' | 'KGE' | 'LNSE';
  status: 'queued' | 'running' | 'complete' | 'aborted' | 'error';
  progress: number;
  statusMessage: string;
  runsDone: number;
  runsTotal: number;
  bestObjective: number | null;
  /** runs on the workers at once: the owner's tier concurrency limit (0: no limit) */
  runsAtOnce: number;
  createdAt: string;
  finishedAt: string | null;
};

export type CalibrationRunServices = {
  /** route 1: the scenario, simulation, reaches, gauges, parameter catalogue, land uses, requests */
  page(scenarioId: number): Promise<unknown>;
  /** route 2 (validated): queues the request's first iteration */
  submit(scenarioId: number, submission: CalibrationSubmission): Promise<{ id: number }>;
  /** route 3 */
  result(requestId: number): Promise<unknown>;
  /** route 4 */
  status(requestId: number): Promise<unknown>;
  /** route 5 */
  remove(requestId: number): Promise<{ value: true }>;
  /** route 6 */
  abort(requestId: number): Promise<{ value: true }>;
  /** route 7 */
  createScenario(requestId: number, name: unknown): Promise<{ scenarioID: number }>;
  /** route 8 */
  saveOption(requestId: number, name: unknown): Promise<{ value: true; calibrationID: number }>;
};
