// Dirty tracking and the values sent: only the fields that differ from the form's initial
// state, numbers as numbers (spec 2 §5: 'only changed variables are sent as numbers').
import type { EditorSchema, SavedChange } from './types.ts';

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function isNumeric(schema: unknown): boolean {
  const t = (schema as { type?: unknown } | undefined)?.type;
  return t === 'number' || t === 'integer' || (Array.isArray(t) && (t.includes('number') || t.includes('integer')));
}

/** A value as sent: numeric schema properties as numbers (`'2.5'` → 2.5). */
export function asSentValue(value: unknown, propertySchema: unknown): unknown {
  if (isNumeric(propertySchema) && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}

/** The top-level fields of `current` that differ from `initial`. A cleared field counts as a
 * change (so Save validates and shows 'Required') but is not part of the answer's values:
 * `{ dirty, values }`. */
export function changedFields(
  initial: Record<string, unknown> | undefined,
  current: Record<string, unknown> | undefined,
  schema?: EditorSchema,
): { dirty: boolean; values: Record<string, unknown> } {
  const a = initial ?? {};
  const b = current ?? {};
  const props = (schema?.properties ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  let dirty = false;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (equal(a[key], b[key])) continue;
    dirty = true;
    if (b[key] !== undefined) values[key] = asSentValue(b[key], props[key]);
  }
  return { dirty, values };
}

/** The schema's own defaults for its top-level properties (nested objects included). */
export function schemaDefaults(schema: EditorSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries((schema.properties ?? {}) as Record<string, EditorSchema>)) {
    if (!prop || typeof prop !== 'object') continue;
    if (prop.default !== undefined) out[key] = structuredClone(prop.default);
    else if (prop.type === 'object' && prop.properties) {
      const nested = schemaDefaults(prop);
      if (Object.keys(nested).length) out[key] = nested;
    }
  }
  return out;
}

/** True when the scenario has saved changes in `modTable` (the scenario view's check icon). */
export function hasChanges(scenario: { modTables?: readonly string[] | null } | null | undefined, modTable: string): boolean {
  return !!scenario?.modTables?.some((t) => t.toLowerCase() === modTable.toLowerCase());
}

/** A list cell of the saved-changes table: 'All' when empty, at most 5 items then '(...)'. */
export function formatListCell(list: readonly (string | number)[] | null | undefined, applyToAll = false): string {
  if (applyToAll || !list || list.length === 0) return 'All';
  return list.slice(0, 5).join(', ') + (list.length > 5 ? ' (...)' : '');
}

/** The subbasins of a saved change by name, falling back to ids. */
export function changeSubbasins(change: SavedChange): (string | number)[] {
  return change.subbasins?.length ? change.subbasins : (change.subbasinIDs ?? []);
}

/** Fills a path template: `scenarios/savemods/{scenarioID}/{modTable}`. */
export function fillPath(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? encodeURIComponent(String(values[k])) : m));
}

/** The saved-changes table's 'Added date'. */
export function formatAddedDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
