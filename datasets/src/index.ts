import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type DemoDataset = {
  key: string;
  name: string;
  description: string;
  attribution: string;
  version: string;
  optionGroup: string;
  optionOrder: number;
  loadByDefault: boolean;
  bounds: { minLat: number; maxLat: number; minLon: number; maxLon: number };
  landUses: { code: string; name: string }[];
};

/** The demo dataset's descriptor, shipped in the repository (never read from ../shared). */
export function demoDataset(): DemoDataset {
  return JSON.parse(readFileSync(fileURLToPath(new URL('../lrew/dataset.json', import.meta.url)), 'utf8')) as DemoDataset;
}
