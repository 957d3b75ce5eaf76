import type { User } from '../users/models.ts';
import { Dataset, LandUseCode } from './models.ts';

export type OptionGroup = { label: string; options: { value: number; text: string; description: string; attribution: string; loadByDefault: boolean }[] };

/** System datasets grouped by their option group ('System datasets' first), as the dataset
 * selectors of the create page and the help page's land-use page show them. */
export async function publicDatasetGroups(): Promise<OptionGroup[]> {
  const rows = await Dataset.query()
    .where({ isActive: true, isUserSubmitted: false, accessibility: 'Public' })
    .orderBy([{ column: 'optionGroup' }, { column: 'optionOrder' }, { column: 'name' }]);
  const groups = new Map<string, OptionGroup>();
  for (const d of rows) {
    let g = groups.get(d.optionGroup);
    if (!g) groups.set(d.optionGroup, (g = { label: d.optionGroup, options: [] }));
    g.options.push({ value: d.id, text: d.name, description: d.description, attribution: d.attribution, loadByDefault: d.loadByDefault });
  }
  return [...groups.values()].sort((a, b) => (a.label === 'System datasets' ? -1 : b.label === 'System datasets' ? 1 : a.label.localeCompare(b.label)));
}

/** Whether a user may read a dataset's public data (land uses): public, or their own. */
export async function readableDataset(id: number, user: User | undefined): Promise<Dataset | undefined> {
  const d = await Dataset.query().findById(id);
  if (!d || !d.isActive) return undefined;
  if (d.accessibility === 'Public') return d;
  if (user && (user.isAdmin || d.userId === user.id)) return d;
  return undefined;
}

export async function cropCodes(datasetId: number): Promise<{ code: string; name: string }[]> {
  const rows = await LandUseCode.query().where('datasetId', datasetId).orderBy('code');
  return rows.map((r) => ({ code: r.code, name: r.name }));
}
