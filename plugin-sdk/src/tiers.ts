// How the tiers table shows a tier (spec 1 Help): a 0 limit is unlimited, except uploads
// where 0 means none allowed.
import { formatLimit } from './ui/format.ts';

/** A tier as GET account/alltiers lists it. */
export type Tier = {
  id: number;
  name: string;
  subbasinLimit: number;
  hruLimit: number;
  taskLimit: number;
  taskLimitInterval: number;
  concurrencyLimit: number;
  queuePriority: 'default' | 'middle' | 'highest';
  datasetUploadLimit: number;
  datasets: number[];
};

const PRIORITY = { default: 'Normal', middle: 'Higher', highest: 'Highest' } as const;

/** The cells of one row of the tiers table (help page, account page). */
export function tierRow(t: Tier): string[] {
  return [
    t.name,
    formatLimit(t.subbasinLimit),
    formatLimit(t.hruLimit),
    t.taskLimit === 0 ? 'Unlimited' : `${t.taskLimit.toLocaleString('en-US')} per ${t.taskLimitInterval === 1 ? 'hour' : 'day'}`,
    formatLimit(t.concurrencyLimit),
    PRIORITY[t.queuePriority] ?? t.queuePriority,
    t.datasetUploadLimit === 0 ? 'None' : t.datasetUploadLimit.toLocaleString('en-US'),
    t.datasets.length === 0 ? 'All datasets' : `${t.datasets.length} dataset${t.datasets.length === 1 ? '' : 's'}`,
  ];
}

export const TIER_COLUMNS = ['Tier name', 'Max. Subbasins', 'Max. HRUs', 'Run Frequency', 'Run Concurrently', 'Queue Priority', 'Max. Project Uploads', 'Dataset Access'];
