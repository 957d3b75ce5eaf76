// Land use update (spec 2 §2, §3 'Land use update: hasMods, userDataUrl, hrusCsvUrl, iclus
// (isAvailable, isUsing)', §5, §7 'general/lup', 'general/lupiclus'): the scenario's land use
// updates come from one zip of dated CSV files (a new upload replaces the previous one), or from
// the dataset's ICLUS projections. One saved change for the whole scenario keeps the files
// (compressed), what they change, and whether ICLUS data are used.
import type { EditorSchema } from '@headwater/plugin-sdk';
import { MAX_FILES } from './formats.ts';

export const PAGE_URL = 'scenarios/general/lup/{scenarioID}';
export const ICLUS_URL = 'scenarios/general/lupiclus/{scenarioID}';

export type LupChange = {
  files?: { name: string; gz: string }[];
  updates?: { date: string; subbasins: number; hrus: number }[];
  /** subbasin name → its number in the written project */
  subbasinNumbers?: Record<string, number>;
  iclus?: boolean;
};

export type LupPage = {
  hasMods: boolean;
  userDataUrl: string | null;
  hrusCsvUrl: string;
  iclus: { isAvailable: boolean; isUsing: boolean };
  updates: { date: string; subbasins: number; hrus: number }[];
  /** the scenario's simulation period, to say which dates fall in it */
  period?: { start?: string; end?: string };
};

export const schema: EditorSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    files: {
      type: 'array',
      title: 'Land use update files',
      description: 'The uploaded dated CSV files (yyyy-mm-dd.csv), at most 25.',
      maxItems: MAX_FILES,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'gz'],
        properties: { name: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}\\.csv$' }, gz: { type: 'string', maxLength: 20 * 1024 * 1024 } },
      },
    },
    updates: {
      type: 'array',
      title: 'Updates',
      maxItems: MAX_FILES,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['date', 'subbasins', 'hrus'],
        properties: { date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, subbasins: { type: 'integer', minimum: 0 }, hrus: { type: 'integer', minimum: 0 } },
      },
    },
    subbasinNumbers: { type: 'object', title: 'Subbasin numbers', additionalProperties: { type: 'integer', minimum: 1 } },
    iclus: { type: 'boolean', title: 'Use ICLUS land use projections' },
  },
};

export function describeLup(m: LupChange): string {
  const u = Array.isArray(m.updates) ? m.updates : [];
  const parts: string[] = [];
  if (u.length) parts.push(`${u.length} update${u.length === 1 ? '' : 's'}: ${u.slice(0, 5).map((x) => x.date).join(', ')}${u.length > 5 ? ' (...)' : ''}`);
  if (m.iclus) parts.push('ICLUS projections');
  return parts.join('; ') || 'No updates';
}
