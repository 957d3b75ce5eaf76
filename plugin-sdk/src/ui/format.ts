/** Dynamic grids show non-integer numbers with 3 decimals (spec 1 §9). */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(3);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return value.toLocaleString();
  return String(value);
}

/** Tier limits: 0 means unlimited. */
export function formatLimit(value: number): string {
  return value === 0 ? 'Unlimited' : value.toLocaleString('en-US');
}

/** A date-time as the pages show it (`Nov 20, 2026, 10:00 AM`); text that is not a date as is. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
