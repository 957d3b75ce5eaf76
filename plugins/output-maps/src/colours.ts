// The output map's colours (spec 2 §3 'Map colour settings', §9 defaults): min, mid and max
// colours of a linear or logarithmic scale (logarithmic chosen automatically when max − min is at
// least 10000 and min is above 0), the hover colour, value labels, data classes, and the stream
// colour — kept in the browser (localStorage). The difference map uses a diverging scale.

export type DataClass = { from: number; to: number; color: string };
export type Scale = 'linear' | 'logarithmic';

export type ColourSettings = {
  min: string;
  mid: string;
  max: string;
  hover: string;
  scale: Scale;
  showLabels: boolean;
  useDataClasses: boolean;
  dataClasses: DataClass[];
  stream: string;
};

/** Spec 2 §9 'Default map colours' and 'Default data classes'. */
export const DEFAULT_COLOURS: ColourSettings = {
  min: '#e6ebf5',
  mid: '#266eff',
  max: '#003399',
  hover: '#70dbe5',
  scale: 'linear',
  showLabels: false,
  useDataClasses: false,
  dataClasses: [
    { from: 0, to: 100, color: '#008000' },
    { from: 100, to: 200, color: '#ffa500' },
    { from: 200, to: 300, color: '#ff0000' },
  ],
  stream: '#7cb5ec',
};

/** Spec 2 §9: a new range defaults to 0 to 0, colour #008cc4. */
export const NEW_DATA_CLASS: DataClass = { from: 0, to: 0, color: '#008cc4' };

export const COLOURS_KEY = 'hw.outputMaps.colours';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The saved settings, each field checked (the defaults for anything missing or malformed). */
export function loadColours(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ColourSettings {
  let saved: Partial<ColourSettings> = {};
  try {
    saved = JSON.parse(storage?.getItem(COLOURS_KEY) ?? '{}') as Partial<ColourSettings>;
  } catch {
    saved = {};
  }
  const colour = (k: 'min' | 'mid' | 'max' | 'hover' | 'stream') => (typeof saved[k] === 'string' && HEX.test(saved[k] as string) ? (saved[k] as string) : DEFAULT_COLOURS[k]);
  const classes = Array.isArray(saved.dataClasses)
    ? saved.dataClasses.filter((c): c is DataClass => !!c && Number.isFinite(c.from) && Number.isFinite(c.to) && typeof c.color === 'string' && HEX.test(c.color))
    : DEFAULT_COLOURS.dataClasses;
  return {
    min: colour('min'),
    mid: colour('mid'),
    max: colour('max'),
    hover: colour('hover'),
    stream: colour('stream'),
    scale: saved.scale === 'logarithmic' ? 'logarithmic' : 'linear',
    showLabels: saved.showLabels === true,
    useDataClasses: saved.useDataClasses === true,
    dataClasses: classes,
  };
}

export function saveColours(s: ColourSettings, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(COLOURS_KEY, JSON.stringify(s));
  } catch {
    /* storage unavailable: the settings last for the page */
  }
}

/** Spec 2 §9: the logarithmic scale is chosen when max − min ≥ 10000 and min > 0. */
export function autoLogarithmic(min: number | null, max: number | null): boolean {
  return min !== null && max !== null && min > 0 && max - min >= 10000;
}

/** The scale a map is drawn with: the user's choice for this map, else the automatic rule, else the saved scale; logarithmic only where every value is above 0. */
export function effectiveScale(settings: ColourSettings, map: { axisMin: number | null; axisMax: number | null; allowLogAxis: boolean }, chosen?: Scale | null): Scale {
  const scale = chosen ?? (autoLogarithmic(map.axisMin, map.axisMax) ? 'logarithmic' : settings.scale);
  return scale === 'logarithmic' && map.allowLogAxis ? 'logarithmic' : 'linear';
}

// ─── colour arithmetic ───────────────────────────────────────────────────────────────────

const rgb = (hex: string): [number, number, number] => [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
const hex2 = (n: number) => Math.round(Math.min(255, Math.max(0, n))).toString(16).padStart(2, '0');
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return `#${hex2(x[0] + (y[0] - x[0]) * t)}${hex2(x[1] + (y[1] - x[1]) * t)}${hex2(x[2] + (y[2] - x[2]) * t)}`;
}

/** The position of a value on the scale, 0 at min and 1 at max. */
export function position(value: number, min: number, max: number, scale: Scale): number {
  if (max <= min) return 0.5;
  if (scale === 'logarithmic' && min > 0 && value > 0) return Math.min(1, Math.max(0, (Math.log(value) - Math.log(min)) / (Math.log(max) - Math.log(min))));
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

/** The colour of a position: min → mid over the first half, mid → max over the second. */
export function rampColour(t: number, s: Pick<ColourSettings, 'min' | 'mid' | 'max'>): string {
  return t <= 0.5 ? mix(s.min, s.mid, t * 2) : mix(s.mid, s.max, (t - 0.5) * 2);
}

/** The data class of a value (from ≤ value ≤ to, the first that holds), or undefined. */
export function dataClassOf(value: number, classes: DataClass[]): DataClass | undefined {
  return classes.find((c) => value >= Math.min(c.from, c.to) && value <= Math.max(c.from, c.to));
}

/** Diverging colours of the difference map: blue below zero, white at zero, red above. */
export const DIVERGING = { negative: '#2166ac', zero: '#f7f7f7', positive: '#b2182b' } as const;
export function divergingColour(value: number, extent: number): string {
  if (!(extent > 0)) return DIVERGING.zero;
  const t = Math.min(1, Math.abs(value) / extent);
  return mix(DIVERGING.zero, value < 0 ? DIVERGING.negative : DIVERGING.positive, t);
}

export const NO_DATA = '#d9d9d9';

export type MapScale = { min: number | null; max: number | null; diverging?: boolean };

/** A value's colour on a map: data classes, the diverging scale, or the min–mid–max ramp. */
export function valueColour(value: number | null | undefined, map: MapScale, settings: ColourSettings, scale: Scale): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_DATA;
  if (map.diverging) return divergingColour(value, Math.max(Math.abs(map.min ?? 0), Math.abs(map.max ?? 0)));
  if (settings.useDataClasses) return dataClassOf(value, settings.dataClasses)?.color ?? NO_DATA;
  if (map.min === null || map.max === null) return NO_DATA;
  return rampColour(position(value, map.min, map.max, scale), settings);
}

/** The legend's tick values: min, the middle (geometric on a logarithmic scale), max. */
export function legendTicks(min: number, max: number, scale: Scale): number[] {
  const mid = scale === 'logarithmic' && min > 0 ? Math.sqrt(min * max) : (min + max) / 2;
  return [min, mid, max];
}

export function formatValue(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return 'no value';
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e6 || a < 1e-3)) return v.toExponential(2);
  return String(Number(v.toPrecision(4)));
}
