// The admin tier calls' answers (platform-api modules/tiers), spec 3 §3 Tier.
import type { AuditEntry } from '../users/types.ts';

export type QueuePriority = 'default' | 'middle' | 'highest';

/** Spec 3 §3: queue priorities default, middle, highest, displayed Normal, Higher, Highest. */
export const PRIORITY_LABELS: Record<QueuePriority, string> = { default: 'Normal', middle: 'Higher', highest: 'Highest' };

export const FEATURE_LABELS: Record<string, string> = { batchProjects: 'Batch project runs', regionalProjects: 'Regional project runs' };

export type TierFields = {
  name: string;
  description: string;
  isDefault: boolean;
  hideFromDisplay: boolean;
  subbasinLimit: number;
  hruLimit: number;
  taskLimit: number;
  taskLimitInterval: number;
  concurrencyLimit: number;
  queuePriority: QueuePriority;
  datasetUploadLimit: number;
  datasets: number[];
  featureList: string[];
  sortOrder: number;
};

export type TierRow = TierFields & { id: number; numUsers: number };

export type TierDetail = {
  tier: TierFields & { id: number };
  numUsers: number;
  datasets: { value: number; text: string; isUserSubmitted: boolean }[];
  features: string[];
  auditLog: AuditEntry[];
};

export type TierUserRow = { id: number; userName: string; email: string; firstName: string; lastName: string; affiliation: string; location: string; expiration: string | null };
