import { Tier } from './models.ts';

/** Tiers as the help page's table and the account page list them (hidden tiers left out). */
export async function listPublicTiers() {
  const tiers = await Tier.query().where('hideFromDisplay', false).orderBy([{ column: 'sortOrder' }, { column: 'id' }]);
  return tiers.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    isDefault: t.isDefault,
    subbasinLimit: t.subbasinLimit,
    hruLimit: t.hruLimit,
    taskLimit: t.taskLimit,
    taskLimitInterval: t.taskLimitInterval,
    concurrencyLimit: t.concurrencyLimit,
    queuePriority: t.queuePriority,
    datasetUploadLimit: t.datasetUploadLimit,
    featureList: t.featureList,
    datasets: t.datasets,
  }));
}

export async function defaultTier(): Promise<Tier | undefined> {
  return Tier.query().where('isDefault', true).first();
}
