// Pure rules of a `records` editor's list (spec 2 §2 'Fertilizer list (20 per page) and edit page;
// urban list (20 per page) and edit page; numbers shown to 3 decimals', §3 isModified): the filter,
// the page of 20, the numbers to 3 decimals and the columns. React-free: tests use them directly.
import type { EditorRecords, EditorSchema } from './types.ts';

/** One record as `GET {listUrl}` lists it. */
export type RecordItem = { id: number; name: string; description?: string; isModified?: boolean; [key: string]: unknown };
/** What `GET {listUrl}` answers. */
export type RecordList = { items: RecordItem[]; hasChanges?: boolean };

/** Spec 2 §9: 20 per page, 3 decimals. */
export const RECORDS_PER_PAGE = 20;
export const RECORD_DECIMALS = 3;

/** A number to `decimals` decimals (`0.5` → `0.500`); other values as text. */
export function formatDecimals(value: unknown, decimals = RECORD_DECIMALS): string {
  if (typeof value === 'number' && Number.isFinite(value)) return value.toFixed(decimals);
  return value === undefined || value === null ? '' : String(value);
}

/** The records whose number, name, description or text columns hold the filter (any case). */
export function filterRecords(items: readonly RecordItem[], filter: string, textKeys: readonly string[] = []): RecordItem[] {
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...items];
  return items.filter((item) => {
    const text = [String(item.id), item.name, item.description ?? '', ...textKeys.map((k) => String(item[k] ?? ''))].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Page `page` (1..) of a list, and the number of pages (at least 1). */
export function pageOf<T>(items: readonly T[], page: number, perPage = RECORDS_PER_PAGE): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const p = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { rows: items.slice((p - 1) * perPage, p * perPage), pages, page: p };
}

/** The numeric columns of the list: `records.columns`, else every numeric property of the schema. */
export function recordColumns(schema: EditorSchema, records: Pick<EditorRecords, 'columns'>): { key: string; title: string }[] {
  const props = (schema.properties ?? {}) as Record<string, EditorSchema>;
  const keys = records.columns ?? Object.keys(props).filter((k) => props[k]?.type === 'number' && !props[k]?.readOnly);
  return keys.map((k) => ({ key: k, title: (props[k]?.title as string | undefined) ?? k }));
}
