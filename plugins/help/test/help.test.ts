import { describe, expect, it } from 'vitest';
import server from '../server/index.ts';
import { filterLandUses } from '../src/LandUsePage.tsx';
import { tierRow } from '@headwater/plugin-sdk/schema';

describe('tiers table', () => {
  it('shows 0 limits as unlimited, uploads 0 as none, and the queue priority names', () => {
    expect(
      tierRow({ id: 3, name: 'Tier III', subbasinLimit: 0, hruLimit: 0, taskLimit: 0, taskLimitInterval: 24, concurrencyLimit: 5, queuePriority: 'highest', datasetUploadLimit: 0, datasets: [] }),
    ).toEqual(['Tier III', 'Unlimited', 'Unlimited', 'Unlimited', '5', 'Highest', 'None', 'All datasets']);
    expect(
      tierRow({ id: 1, name: 'Tier I', subbasinLimit: 250, hruLimit: 10000, taskLimit: 4, taskLimitInterval: 1, concurrencyLimit: 1, queuePriority: 'default', datasetUploadLimit: 2, datasets: [1] }),
    ).toEqual(['Tier I', '250', '10,000', '4 per hour', '1', 'Normal', '2', '1 dataset']);
  });
});

describe('land use filter', () => {
  const rows = [
    { code: 'FRSD', name: 'Forest-Deciduous' },
    { code: 'WETF', name: 'Wetlands-Forested' },
    { code: 'AGRL', name: 'Agricultural Land-Generic' },
  ];
  it('matches code or description, case-insensitively', () => {
    expect(filterLandUses(rows, 'forest').map((r) => r.code)).toEqual(['FRSD', 'WETF']);
    expect(filterLandUses(rows, 'agrl').map((r) => r.code)).toEqual(['AGRL']);
    expect(filterLandUses(rows, '  ')).toHaveLength(3);
    expect(filterLandUses(rows, 'zzz')).toEqual([]);
  });
});

describe('server half', () => {
  it('publishes the run-time guide of the spec', async () => {
    const guide = (await server.routes![0]!.handler({ params: {}, query: {}, body: undefined, platform: {} as never })) as { years: number[]; rows: { hrus: number; times: string[] }[] };
    expect(guide.years).toEqual([5, 10, 20, 30]);
    expect(guide.rows[1]).toEqual({ hrus: 150000, times: ['1d 6h 4m', '1d 17h 9m', '3d 2h 26m', '4d 13h 30m'] });
  });
});
