// Custom output requests (spec 2 §3 'Custom output request', §4 'Custom output requests', §7):
// the request rows the CE-QUAL-W2, flood frequency and baseflow tools share, their live channel,
// and the rules both the pages and the server apply. React-free: the server halves import it too.
import { OUTPUT_MESSAGES } from './scenarios.ts';

/** The live channel of a scenario's requests: room `scenario:{id}`, this event. */
export const CUSTOM_OUTPUT_EVENT = 'custom-output-status';

export type CustomOutputStatus = 'running' | 'error' | 'complete';

/** One request as the request list shows it. */
export type CustomOutputRequest = {
  id: number;
  /** The tool that made it: 'ce-qual' | 'ffa' | 'baseflow'. */
  tool: string;
  status: CustomOutputStatus;
  statusMessage: string;
  /** 0–100 while running. */
  progress: number;
  /** The files (a zip), under /api with `?access_token`; null until complete. */
  downloadLink: string | null;
  /** CE-QUAL-W2: RCH or SUB; flood frequency and baseflow read reaches: RCH. */
  outputType: string;
  applyToAll: boolean;
  /** Subbasin names (empty: all). */
  subbasins: string[];
  subbasinIDs: number[];
  lastModifiedDate: string;
  /** Baseflow separation only. */
  filterParameter?: number;
  bfiMax?: number;
  /** Tool options beyond the spec's fields (FFA method, CE-QUAL algae fractions). */
  options: Record<string, unknown>;
};

/** What a tool's page loads (`GET scenarios/output/{tool}/{scenarioID}`). */
export type CustomOutputPageData = {
  /** SWAT IPRINT: 1 daily, 0 monthly, 2 yearly. */
  printSetting: number;
  /** Simulated years: simulation length less the warm-up years. */
  numYears: number;
  noOutputProcessing: boolean;
  requests: CustomOutputRequest[];
  /** The project's subbasins for the form: dataset id, name, SWAT number. */
  subbasins: { id: number; name: string; number: number }[];
};

/** The pushed change of one request. */
export type CustomOutputEvent = {
  scenarioID: number;
  requestID: number;
  tool: string;
  status: CustomOutputStatus | 'deleted';
  progress: number;
  statusMessage: string;
};

export const CUSTOM_OUTPUT_MESSAGES = {
  submitted: OUTPUT_MESSAGES.requestSubmitted,
  /** Spec 2 §5 (CE-QUAL and flood frequency: all subbasins or at least one). */
  selectSubbasins: 'Select all subbasins or at least one subbasin.',
  baseflowRequired: OUTPUT_MESSAGES.baseflowRequired,
  baseflowRange: OUTPUT_MESSAGES.baseflowRange,
  /** Ours: a request is deleted only once it stopped running (spec 2 §4 'delete not allowed'). */
  deleteWhileRunning: 'This request is still running. It can be deleted when it is complete.',
  /** Ours: a new request while the scenario runs. */
  scenarioRunning: 'This scenario is running. Requests can be made when the run ends.',
  /** Ours: the files of a request that is not complete. */
  notComplete: 'The files of this request are not ready.',
  /** Ours: a request whose job failed. */
  failed: 'An error occurred while creating your files.',
  running: 'Your files are being created...',
  complete: 'Your files are ready.',
  queued: 'In the queue...',
} as const;

/** Spec 2 §9 baseflow defaults and the suggested BFI max values. */
export const BASEFLOW_DEFAULTS = { filterParameter: 0.98, bfiMax: 0.8 } as const;
export const BFI_MAX_SUGGESTIONS = [
  { value: 0.8, label: 'Perennial streams, porous aquifers' },
  { value: 0.5, label: 'Ephemeral streams, porous aquifers' },
  { value: 0.25, label: 'Perennial streams, hard rock aquifers' },
] as const;

/** Spec 2 §5: both required, both numbers from 0 to 1; the first problem's message, or null. */
export function baseflowParamsProblem(filterParameter: unknown, bfiMax: unknown): string | null {
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  if (blank(filterParameter) || blank(bfiMax)) return CUSTOM_OUTPUT_MESSAGES.baseflowRequired;
  const ok = (v: unknown) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
    return Number.isFinite(n) && n >= 0 && n <= 1;
  };
  return ok(filterParameter) && ok(bfiMax) ? null : CUSTOM_OUTPUT_MESSAGES.baseflowRange;
}

/** Spec 2 §9 'Request subbasin cell': the first 5 then '...', or 'All' when empty. */
export function requestSubbasinCell(subbasins: readonly (string | number)[] | null | undefined): string {
  if (!subbasins || subbasins.length === 0) return 'All';
  const shown = subbasins.slice(0, 5).join(', ');
  return subbasins.length > 5 ? `${shown}, ...` : shown;
}

/** Spec 2 §9 CE-QUAL-W2 monthly algae fractions (Algae 1 / 2 / 3), January first. */
export const CEQUAL_ALGAE_FRACTIONS: readonly (readonly [number, number, number])[] = [
  [0.7, 0.2, 0.1],
  [0.7, 0.2, 0.1],
  [0.7, 0.2, 0.1],
  [0.5, 0.4, 0.1],
  [0.3, 0.4, 0.3],
  [0.1, 0.4, 0.5],
  [0.1, 0.2, 0.7],
  [0.1, 0.2, 0.7],
  [0.1, 0.4, 0.5],
  [0.3, 0.4, 0.3],
  [0.5, 0.4, 0.1],
  [0.7, 0.2, 0.1],
];
export const CEQUAL_OUTPUT_TYPES = [
  { value: 'RCH', label: 'Reach (RCH)' },
  { value: 'SUB', label: 'Subbasin (SUB)' },
] as const;
/** Ours: each month's three fractions are numbers from 0 to 1 adding up to 1. */
export const ALGAE_MESSAGES = {
  range: 'Each fraction must be a number between 0 and 1.',
  sum: (month: string) => `The fractions of ${month} must add up to 1.`,
} as const;

/** The problems of a table of monthly algae fractions, by month index (empty: valid). */
export function algaeFractionProblems(fractions: unknown, monthNames: readonly string[]): string[] {
  if (!Array.isArray(fractions) || fractions.length !== 12) return [ALGAE_MESSAGES.range];
  const out: string[] = [];
  fractions.forEach((row, m) => {
    if (!Array.isArray(row) || row.length !== 3 || row.some((v) => typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1)) {
      if (!out.includes(ALGAE_MESSAGES.range)) out.push(ALGAE_MESSAGES.range);
      return;
    }
    const sum = (row as number[]).reduce((a, b) => a + b, 0);
    if (Math.abs(sum - 1) > 1e-6) out.push(ALGAE_MESSAGES.sum(monthNames[m] ?? String(m + 1)));
  });
  return out;
}

/** Flood frequency methods offered (Bulletin 17B, and Bulletin 17C's Expected Moments Algorithm). */
export const FFA_METHODS = [
  { value: 'b17b', label: 'Bulletin 17B' },
  { value: 'ema', label: 'Bulletin 17C (EMA)' },
] as const;
export type FfaMethod = (typeof FFA_METHODS)[number]['value'];
/** Spec 2 §9 return periods (2–200 years) plus PeakFQ's 1.5, 5 and 500. */
export const FFA_RETURN_PERIODS = [1.5, 2, 5, 10, 25, 50, 100, 200, 500] as const;
export const FFA_MESSAGES = {
  method: 'Choose Bulletin 17B or Bulletin 17C (EMA).',
  /** Ours: the optional generalized skew and its mean square error go together. */
  generalizedSkew: 'Give the generalized skew and its mean square error together, or neither.',
  generalizedSkewRange: 'The generalized skew must be a number between -3 and 3.',
  generalizedSkewMse: 'The mean square error of the generalized skew must be a number greater than 0.',
} as const;
