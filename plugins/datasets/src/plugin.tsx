import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { DatasetCreatePage } from './DatasetCreatePage.tsx';
import { DatasetListPage } from './DatasetListPage.tsx';
import { DatasetViewPage } from './DatasetViewPage.tsx';

// One component per route NAME declared in package.json → headwater.routes (paths live there only).
export default definePlugin(pkg, {
  pages: {
    DatasetList: DatasetListPage,
    DatasetCreate: DatasetCreatePage,
    DatasetView: DatasetViewPage,
  },
});
