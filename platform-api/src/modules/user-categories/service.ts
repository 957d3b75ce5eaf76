// User categories (spec 3 §2.3 'User Categories', §3, §5): the ordered list of organisation
// categories the registration and profile forms offer (accounts/location.ts reads the same
// app_settings key, `organizationCategories`, so the forms follow every change at once).
// The admin page saves the whole list in its new order: add, remove and reorder are one call
// (POST admin/users/categories, an array of strings).
import { InputError } from '@headwater/plugin-sdk/server';
import { organizationCategories } from '../accounts/location.ts';
import { setSetting } from '../settings/service.ts';

/** Longest category accepted (the profile column is free text; this keeps the drop-down sane). */
export const CATEGORY_MAX = 100;

export async function listCategories(): Promise<string[]> {
  return organizationCategories();
}

/** Cleans a submitted list the way the page does (spec 3 §5: empty or duplicate entries are
 * ignored): trimmed, empties dropped, case-insensitive duplicates dropped, order kept. */
export function cleanCategories(values: unknown[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    if (typeof v !== 'string') throw new InputError({ categories: ['Each category must be text.'] });
    const t = v.trim();
    if (!t || seen.has(t.toLowerCase())) continue;
    if (t.length > CATEGORY_MAX) throw new InputError({ categories: [`Must be fewer than ${CATEGORY_MAX} characters`] });
    seen.add(t.toLowerCase());
    out.push(t);
  }
  // The registration form requires a category: an empty list would lock every newcomer out.
  if (!out.length) throw new InputError({ categories: ['At least one category is required.'] });
  return out;
}

export async function saveCategories(values: unknown[]): Promise<string[]> {
  const list = cleanCategories(values);
  await setSetting('organizationCategories', list);
  return list;
}
