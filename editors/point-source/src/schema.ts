// Point sources (spec 2 §2, §3 'Point source response: hasMods, userDataUrl, sampleFiles (constant,
// daily, monthly, yearly)', §5, §7 'scenarios/subbasin/pointsource/{scenarioID}' and
// 'datasets/websitetextpage/PointSource'): the scenario's point sources come from one zip upload of
// the sample files; a new upload replaces the previous one. The saved change (one for the whole
// scenario) keeps the uploaded files (compressed) and what they load.
import type { EditorSchema } from '@headwater/plugin-sdk';
import { KINDS, SAMPLE_NAMES, type PointSourceKind } from './formats.ts';

export const PAGE_URL = 'scenarios/subbasin/pointsource/{scenarioID}';
export const DATA_URL = 'exports/pointsource/{scenarioID}';
export const SAMPLE_URL = 'exports/pointsourcesample/{scenarioID}/{kind}';
export const TEXT_URL = 'datasets/websitetextpage/PointSource';

export type PointSourceChange = {
  /** the uploaded CSV files, gzip + base64 */
  files: { name: string; gz: string }[];
  /** what they load: a subbasin (its name), the kind of records and their number */
  sources: { subbasin: string; number?: number; kind: PointSourceKind; rows: number }[];
};

export type PointSourcePage = {
  hasMods: boolean;
  userDataUrl: string | null;
  sampleFiles: Record<PointSourceKind, string>;
  sources: PointSourceChange['sources'];
  subbasins: string[];
};

export const schema: EditorSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['files', 'sources'],
  properties: {
    files: {
      type: 'array',
      title: 'Point source files',
      description: 'The uploaded sample files (a zip of pointsource_constant.csv, pointsource_daily.csv, pointsource_monthly.csv, pointsource_yearly.csv).',
      minItems: 1,
      maxItems: 4,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'gz'],
        properties: { name: { type: 'string', enum: KINDS.map((k) => SAMPLE_NAMES[k]) }, gz: { type: 'string', maxLength: 40 * 1024 * 1024 } },
      },
    },
    sources: {
      type: 'array',
      title: 'Point sources',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['subbasin', 'kind', 'rows'],
        properties: { subbasin: { type: 'string' }, number: { type: 'integer', minimum: 1 }, kind: { type: 'string', enum: [...KINDS] }, rows: { type: 'integer', minimum: 1 } },
      },
    },
  },
};

export function describePointSources(m: Partial<PointSourceChange>): string {
  const s = Array.isArray(m.sources) ? m.sources : [];
  if (!s.length) return 'No point sources';
  return `${s.length} point source${s.length === 1 ? '' : 's'}: ${s.slice(0, 5).map((x) => `subbasin ${x.subbasin} (${x.kind})`).join(', ')}${s.length > 5 ? ' (...)' : ''}`;
}
