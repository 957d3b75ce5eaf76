// Pure rules of spec 1 §4, §5, §9 used by the pages (unit-tested in test/logic.test.ts).
import { formatDateTime } from '@headwater/plugin-sdk';
import type { HruMethod, MapResult, ScenarioSummary, TierLimits } from './types.ts';

export const PROJECT_MESSAGES = {
  noWatershed: 'Please select a subbasin within the study area.',
  copyName: 'Please provide a name for the new project.',
  renameName: 'Please provide a name for the project.',
  threshold: 'You must enter a threshold greater than 0.',
  projectError: 'An error occurred in the project',
  noGroupShares: 'No members of your groups have shared any projects yet.',
  noGroups: 'You are not a member of any groups.',
} as const;

/** New project name default: dataset text, a dash, the ending subbasin (spec 1 §4, §9). */
export function defaultProjectName(datasetText: string | undefined, endingSubbasin: string | null | undefined): string {
  return [datasetText ?? '', endingSubbasin ?? ''].filter(Boolean).join(' - ');
}

export function copyName(name: string): string {
  return `${name} (Copy)`;
}

export type TierCheck = { blocked: boolean; hruWarning: boolean };

/**
 * Tier limits for creation (0 = unlimited). Over the subbasin limit, or with more subbasins than
 * the HRU limit allows (one HRU per subbasin is always kept, so no reduction could bring it
 * under): creation is blocked. Otherwise more HRUs than the limit is a warning only — the user
 * reduces HRUs before running scenarios.
 */
export function checkTier(map: Pick<MapResult, 'numSubbasins' | 'numHrus'>, limits: TierLimits | undefined): TierCheck {
  if (!limits) return { blocked: false, hruWarning: false };
  const { subbasinLimit, hruLimit } = limits;
  const overSubbasins = subbasinLimit > 0 && map.numSubbasins > subbasinLimit;
  const hruUnreachable = hruLimit > 0 && map.numSubbasins > hruLimit;
  const blocked = overSubbasins || hruUnreachable;
  return { blocked, hruWarning: !blocked && hruLimit > 0 && map.numHrus > hruLimit };
}

export function fmtLimit(n: number): string {
  return n === 0 ? 'unlimited' : n.toLocaleString('en-US');
}

/** HRU table number formats (spec 1 §9). */
export const HRU_FORMATS: Record<string, number> = { slope: 5, slopeLength: 2, area: 2, fraction: 5, cn2: 2, ov_n: 3 };

export function fixed(value: unknown, digits: number): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(digits) : String(value);
}

export function fmtArea(km2: number | null | undefined): string {
  if (km2 === null || km2 === undefined || !Number.isFinite(km2)) return '';
  return `${km2.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 })} km²`;
}

export function fmtCount(n: number | null | undefined): string {
  return n === null || n === undefined ? '' : n.toLocaleString('en-US');
}

/** Scenario summary on cards (spec 1 §4): running, has run (last ran date), else modified date. */
export function scenarioSummary(s: ScenarioSummary): { running: boolean; text: string } {
  if (s.isRunning) return { running: true, text: 'Running' };
  if (s.hasRun && s.lastRunDate) return { running: false, text: `Last ran ${formatDateTime(s.lastRunDate)}` };
  return { running: false, text: `Modified ${formatDateTime(s.lastModifiedDate)}` };
}

// ---- HRU setting (spec 1 §4, §5, §9) ----

export type HruUnits = 'km2' | 'percent';

export type HruForm = {
  method: HruMethod;
  targetThreshold: number;
  areaThreshold: number;
  landuseThreshold: number;
  soilThreshold: number;
  slopeThreshold: number;
  units: HruUnits;
  exemptLanduse: string[];
  noAreaRedistribution: string[];
};

export const HRU_STEP = 0.25;

export function defaultTarget(numOriginalHrus: number, numSubbasins: number): number {
  return Math.max(numSubbasins, Math.min(numOriginalHrus, Math.ceil(numOriginalHrus * 0.75)));
}

export function areaMax(units: HruUnits, totalLandArea: number): number {
  return units === 'percent' ? 100 : Math.max(0, totalLandArea);
}

/** Switching to percent resets values above 100 to 0 (spec 1 §5). */
export function switchUnits(form: HruForm, units: HruUnits): HruForm {
  if (units !== 'percent') return { ...form, units };
  const clip = (v: number) => (v > 100 ? 0 : v);
  return { ...form, units, areaThreshold: clip(form.areaThreshold) };
}

export function snap(v: number, step = HRU_STEP): number {
  return Math.round(v / step) * step;
}

export function validateHruForm(form: HruForm, p: { numSubbasins: number; numOriginalHrus: number; totalLandArea: number }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.method === 'target') {
    const t = form.targetThreshold;
    if (!(t > 0)) errors.targetThreshold = PROJECT_MESSAGES.threshold;
    else if (t < p.numSubbasins || t > p.numOriginalHrus || !Number.isInteger(t))
      errors.targetThreshold = `Enter a whole number from ${fmtCount(p.numSubbasins)} to ${fmtCount(p.numOriginalHrus)}.`;
  } else if (form.method === 'area') {
    const max = areaMax(form.units, p.totalLandArea);
    if (!(form.areaThreshold > 0)) errors.areaThreshold = PROJECT_MESSAGES.threshold;
    else if (form.areaThreshold > max) errors.areaThreshold = `Enter a value from 0 to ${max}.`;
  } else {
    (['landuseThreshold', 'soilThreshold', 'slopeThreshold'] as const).forEach((k) => {
      if (!(form[k] > 0)) errors[k] = PROJECT_MESSAGES.threshold;
      else if (form[k] > 100) errors[k] = 'Enter a value from 0 to 100.';
    });
  }
  return errors;
}

/** The POST projects/hrus body (spec 1 §3 HRU form). */
export function hruPayload(projectID: number, form: HruForm) {
  return {
    projectID,
    method: form.method,
    targetThreshold: form.method === 'target' ? form.targetThreshold : form.method === 'area' ? form.areaThreshold : null,
    landuseThreshold: form.method === 'percent' ? form.landuseThreshold : null,
    soilThreshold: form.method === 'percent' ? form.soilThreshold : null,
    slopeThreshold: form.method === 'percent' ? form.slopeThreshold : null,
    exemptLanduse: form.exemptLanduse,
    noAreaRedistribution: form.noAreaRedistribution,
    units: form.units,
  };
}

// ---- Documents (spec 1 §5, §9) ----

export const DOCUMENT_TYPES = ['docx', 'xslx', 'xlsx', 'pptx', 'pdf', 'jpg', 'png', 'zip', '7z'];
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
export const DOCUMENT_MAX_COUNT = 10;

export function checkDocument(file: { name: string; size: number }, existing: number): string | null {
  if (existing >= DOCUMENT_MAX_COUNT) return `A project can have at most ${DOCUMENT_MAX_COUNT} documents. Please delete one to upload more.`;
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!DOCUMENT_TYPES.includes(ext)) return `${file.name}: this file type is not accepted. Accepted types: ${DOCUMENT_TYPES.join(', ')}.`;
  if (file.size > DOCUMENT_MAX_BYTES) return `${file.name}: the file is larger than 50 MB.`;
  return null;
}

// ---- Map helpers ----

// Bounds and GeoJSON readers live with the watershed map, in the SDK.
export { parseBounds, asGeoJson } from '@headwater/plugin-sdk';

/** The dataset groups of the selector: system datasets grouped by label, then the user's own. */
export function datasetSelectData(groups: { label: string; options: { value: number; text: string }[] }[], userDatasets: { value: number; text: string }[] = []) {
  const out = groups.map((g) => ({ group: g.label || 'System datasets', items: g.options.map((o) => ({ value: String(o.value), label: o.text })) }));
  if (userDatasets.length) out.push({ group: 'User-submitted datasets', items: userDatasets.map((o) => ({ value: String(o.value), label: o.text })) });
  return out;
}
