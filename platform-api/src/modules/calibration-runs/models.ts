// The calibration request and its runs (migration 021_calibration_runs.ts). Who may see them:
// whoever may open the request's scenario.
import type { CalibrationSubmission } from '@headwater/plugin-sdk/server';
import type { AlgorithmState, CalibrationFit } from '@headwater/swat/calibration/index.ts';
import { BaseModel, jsonColumns } from '../../db/base-model.ts';

export type CalibrationStatus = 'queued' | 'running' | 'complete' | 'aborted' | 'error';
export const ACTIVE: readonly CalibrationStatus[] = ['queued', 'running'];

/** One parameter of a request: the change applied with the run's value. */
export type RequestParameter = CalibrationSubmission['parameters'][number];

/** The request as stored: the validated body, the observed CSV's text left out. */
export type RequestSettings = Omit<CalibrationSubmission, 'observed'> & { observed: { gaugeID: number } | { units: 'm3/s' | 'cfs'; days: number } };

export type IterationSummary = { iteration: number; ranges: [number, number][]; pFactor: number | null; rFactor: number | null; best: number | null };

export class CalibrationRequestRow extends BaseModel {
  static override tableName = 'calibration_requests';
  static override jsonSchema = jsonColumns({ settings: 'object', state: 'object', iterations: 'array' });
  declare id: number;
  declare scenarioId: number;
  declare userId: number | null;
  declare name: string;
  declare algorithm: 'SUFI2' | 'DDS';
  declare objective: 'NSE' | 'KGE' | 'LNSE';
  declare status: CalibrationStatus;
  declare statusMessage: string;
  declare progress: number;
  declare runsDone: number;
  declare runsTotal: number;
  declare bestObjective: number | null;
  declare bestRun: number | null;
  declare priority: 'highest' | 'middle' | 'default';
  declare settings: RequestSettings;
  declare reach: number;
  declare firstDate: Date | string;
  declare days: number;
  declare observed: Uint8Array;
  declare state: AlgorithmState;
  declare iterations: IterationSummary[];
  /** runs on the workers at once: the owner's tier concurrency limit at submission (0: no limit) */
  declare runWindow: number;
  /** runs of the current iteration queued so far (each run that ends queues the next) */
  declare queuedRuns: number;
  declare exceptionMessage: string;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare finishedAt: Date | null;
}

export class CalibrationRunRow extends BaseModel {
  static override tableName = 'calibration_runs';
  static override timestamps = false;
  static override jsonSchema = jsonColumns({ values: 'array', calibration: ['object', 'null'], validation: ['object', 'null'] });
  declare id: number;
  declare requestId: number;
  declare n: number;
  declare iteration: number;
  declare values: number[];
  declare objective: number | null;
  declare score: number | null;
  declare withinBound: boolean;
  declare calibration: CalibrationFit | null;
  declare validation: CalibrationFit | null;
  declare error: string | null;
  declare series: Uint8Array | null;
  declare createdAt: Date;
}
