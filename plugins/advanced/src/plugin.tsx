import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { BatchCreatePage } from './BatchCreatePage.tsx';
import { BatchListPage } from './BatchListPage.tsx';
import { BatchViewPage } from './BatchViewPage.tsx';
import { DashboardPage } from './DashboardPage.tsx';
import { MigrationCheckPage, MigrationVerifyPage } from './MigrationPages.tsx';
import { RegionalPage } from './RegionalPage.tsx';

// One component per route NAME declared in package.json → headwater.routes (the path lives there only).
export default definePlugin(pkg, {
  pages: { ApiDashboard: DashboardPage, BatchList: BatchListPage, BatchCreate: BatchCreatePage, BatchView: BatchViewPage, RegionalCreate: RegionalPage, MigrationCheck: MigrationCheckPage, MigrationVerify: MigrationVerifyPage },
});
