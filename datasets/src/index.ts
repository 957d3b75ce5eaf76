// @headwater/datasets: the demo dataset shipped with the product (Little River Experimental
// Watershed, converted once from ../shared by convert-lrew.ts) and the synthetic-watershed
// generator (synthetic.ts). The shipped format is described in datasets/README.md.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DatasetDescriptor } from './format.ts';

export type { DatasetDescriptor, DatasetFiles, HruRow, SubbasinProps, StreamProps, RegionProps, SwatInputs } from './format.ts';
export { readDatasetDir, datasetFingerprint, parseWeatherCsv, parseHruCsv } from './format.ts';

export type DemoDataset = DatasetDescriptor;

/** Folder of the demo dataset (datasets/lrew), inside the repository. */
export function demoDatasetDir(): string {
  return fileURLToPath(new URL('../lrew/', import.meta.url));
}

/** The demo dataset's descriptor, shipped in the repository (never read from ../shared). */
export function demoDataset(): DemoDataset {
  return JSON.parse(readFileSync(fileURLToPath(new URL('../lrew/dataset.json', import.meta.url)), 'utf8')) as DemoDataset;
}
