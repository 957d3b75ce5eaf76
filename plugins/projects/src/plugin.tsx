import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { CreateProjectPage } from './pages/CreateProjectPage.tsx';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { DocumentsPage } from './pages/DocumentsPage.tsx';
import { DownloadsPage } from './pages/DownloadsPage.tsx';
import { CreateErrorReportPage, ErrorReportPage, ErrorReportsPage } from './pages/ErrorReportPages.tsx';
import { HruTablePage } from './pages/HruTablePage.tsx';
import { HrusPage } from './pages/HrusPage.tsx';
import { MetadataPage } from './pages/MetadataPage.tsx';
import { ProjectViewPage } from './pages/ProjectViewPage.tsx';

// One component per route NAME declared in package.json → headwater.routes (paths live there only).
export default definePlugin(pkg, {
  pages: {
    ProjectList: DashboardPage,
    ProjectCreate: CreateProjectPage,
    ProjectView: ProjectViewPage,
    ProjectHrus: HrusPage,
    ProjectDocuments: DocumentsPage,
    ProjectMetadata: MetadataPage,
    ProjectDownloads: DownloadsPage,
    ProjectErrorReports: ErrorReportsPage,
    ProjectErrorReportCreate: CreateErrorReportPage,
    ProjectErrorReport: ErrorReportPage,
    HruTable: HruTablePage,
  },
});
