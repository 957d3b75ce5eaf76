// One saved change of the weather generator (spec 2 §3 'Weather generator modificationObject',
// §5): the 14 monthly statistics of a subbasin's .wgn file. Each value is a percent change,
// -100 to 100, of the subbasin's own statistic for the chosen months — the one reading under
// which -100..100 means the same thing for every field, whatever its unit or sign (a mean
// daily minimum of -5 °C and a probability of 0.3 alike). The months travel beside the change
// (the generic body's `months`, chosen in the HRU selector), not in this object.
// The schema is plain JSON: the form (rjsf + ajv) and platform-api validate the same document.
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';

/** The .wgn monthly fields in the spec's order, with what SWAT's readwgn calls them. */
export const WGN_FIELDS = [
  { key: 'RAINHHMX', label: 'Maximum 0.5-hour rainfall', unit: 'mm' },
  { key: 'TMPMX', label: 'Average daily maximum air temperature', unit: '°C' },
  { key: 'TMPMN', label: 'Average daily minimum air temperature', unit: '°C' },
  { key: 'TMPSTDMX', label: 'Standard deviation of daily maximum air temperature', unit: '°C' },
  { key: 'TMPSTDMN', label: 'Standard deviation of daily minimum air temperature', unit: '°C' },
  { key: 'PCPMM', label: 'Average monthly precipitation', unit: 'mm' },
  { key: 'PCPSTD', label: 'Standard deviation of daily precipitation', unit: 'mm/day' },
  { key: 'PCPSKW', label: 'Skew coefficient of daily precipitation', unit: '' },
  { key: 'PR_W1', label: 'Probability of a wet day following a dry day', unit: '' },
  { key: 'PR_W2', label: 'Probability of a wet day following a wet day', unit: '' },
  { key: 'PCPD', label: 'Average number of days of precipitation in the month', unit: 'days' },
  { key: 'SOLARAV', label: 'Average daily solar radiation', unit: 'MJ/m²/day' },
  { key: 'DEWPT', label: 'Average daily dew point temperature', unit: '°C' },
  { key: 'WNDAV', label: 'Average daily wind speed', unit: 'm/s' },
] as const;

export type WgnField = (typeof WGN_FIELDS)[number]['key'];
/** A saved change: percent changes by field (the client sends only the edited ones). */
export type WgnChange = Partial<Record<WgnField, number>>;

/** Spec 2 §9: weather generator fields -100 to 100. */
export const PERCENT_MIN = -100;
export const PERCENT_MAX = 100;

export const DESCRIPTION =
  'Each value is a percent change (-100 to 100) of the subbasin’s weather generator (.wgn) monthly statistic for the chosen months: ' +
  '50 makes it 1.5 times its value, -100 makes it zero. Probabilities stay between 0 and 1 and days of precipitation within the month.';

export const schema: EditorSchema = {
  type: 'object',
  description: DESCRIPTION,
  // spec 2 §5: each field required (a cleared field says 'Required'); platform-api drops
  // `required` because only the edited fields are sent
  required: WGN_FIELDS.map((f) => f.key),
  properties: Object.fromEntries(
    WGN_FIELDS.map((f): [string, EditorSchema] => [
      f.key,
      {
        type: 'number',
        // the value is a percent; the statistic's own unit is said in the description
        title: `${f.key} (% change)`,
        description: `${f.label}${f.unit ? `, ${f.unit}` : ''}`,
        minimum: PERCENT_MIN,
        maximum: PERCENT_MAX,
        // the form starts from no change (plugin-sdk README 'The schema')
        default: 0,
      },
    ]),
  ),
};

export const uiSchema: EditorUiSchema = {
  'ui:order': WGN_FIELDS.map((f) => f.key),
  'ui:options': { gridCols: 2 },
};

/** The saved-changes table's value text: `RAINHHMX: +50%; TMPMX: -10%` in the spec's field order. */
export function describeChange(change: Record<string, unknown>): string {
  return WGN_FIELDS.filter((f) => typeof change[f.key] === 'number')
    .map((f) => {
      const v = change[f.key] as number;
      return `${f.key}: ${v > 0 ? '+' : ''}${v}%`;
    })
    .join('; ');
}
