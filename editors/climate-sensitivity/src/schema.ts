// One saved change of climate sensitivity (spec 2 §2 'Climate sensitivity: rainfall percent change
// and temperature change (slider and number), subbasin and month selection'; §3 'Climate
// sensitivity: RFINC, TMPINC, Months'; §5: RFINC required, -100 to 100; TMPINC required, -20 to 20,
// sent only if nonzero; months chosen; §9). The months travel beside the change (the generic body's
// `months`, chosen in the selector). The same schema validates in the form and in platform-api.
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';

/** A saved change: RFINC always, TMPINC only when it is not zero. */
export type ClimateChange = { RFINC: number; TMPINC?: number };

export const RFINC_MIN = -100;
export const RFINC_MAX = 100;
export const TMPINC_MIN = -20;
export const TMPINC_MAX = 20;

// No `additionalProperties: false`: spec 2 §3 lists Months in the change, and a client may send
// them there (platform-api reads them into the change's months).
export const schema: EditorSchema = {
  type: 'object',
  required: ['RFINC', 'TMPINC'],
  properties: {
    RFINC: {
      type: 'number',
      title: 'Rainfall change (%)',
      description: 'Percent change of the daily rainfall of the chosen months in the chosen subbasins (SWAT RFINC), -100 to 100.',
      minimum: RFINC_MIN,
      maximum: RFINC_MAX,
      default: 0,
    },
    TMPINC: {
      type: 'number',
      title: 'Temperature change (°C)',
      description: 'Degrees Celsius added to the daily maximum and minimum temperatures of the chosen months (SWAT TMPINC), -20 to 20.',
      minimum: TMPINC_MIN,
      maximum: TMPINC_MAX,
      default: 0,
    },
  },
};

export const uiSchema: EditorUiSchema = {
  RFINC: { 'ui:widget': 'sliderNumber', 'ui:options': { step: 1 } },
  TMPINC: { 'ui:widget': 'sliderNumber', 'ui:options': { step: 0.5 } },
};

/** What is sent (spec 2 §5): RFINC, and TMPINC only when it is not zero. */
export function toModificationObject(_changed: Record<string, unknown>, formData: Record<string, unknown>): Record<string, unknown> {
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined);
  const rfinc = num(formData.RFINC) ?? 0;
  const tmpinc = num(formData.TMPINC);
  return { RFINC: rfinc, ...(tmpinc ? { TMPINC: tmpinc } : {}) };
}

/** The saved-changes text: `Rainfall +20%; temperature +3 °C`. */
export function describeClimate(m: Partial<ClimateChange>): string {
  const sign = (v: number) => (v > 0 ? '+' : '');
  const parts: string[] = [];
  if (typeof m.RFINC === 'number') parts.push(`Rainfall ${sign(m.RFINC)}${m.RFINC}%`);
  if (typeof m.TMPINC === 'number' && m.TMPINC !== 0) parts.push(`temperature ${sign(m.TMPINC)}${m.TMPINC} °C`);
  return parts.join('; ');
}
