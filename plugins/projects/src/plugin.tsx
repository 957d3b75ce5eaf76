import { definePlugin } from '@headwater/plugin-sdk';
import { CreateProjectPage } from './pages/CreateProjectPage.tsx';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { DocumentsPage } from './pages/DocumentsPage.tsx';
import { DownloadsPage } from './pages/DownloadsPage.tsx';
import { CreateErrorReportPage, ErrorReportPage, ErrorReportsPage } from './pages/ErrorReportPages.tsx';
import { HruTablePage } from './pages/HruTablePage.tsx';
import { HrusPage } from './pages/HrusPage.tsx';
import { MetadataPage } from './pages/MetadataPage.tsx';
import { ProjectViewPage } from './pages/ProjectViewPage.tsx';

// One component per route path declared in package.json → headwater.routes.
export default definePlugin({
  id: 'projects',
  pages: {
    '/projects': DashboardPage,
    '/projects/create': CreateProjectPage,
    '/projects/:id': ProjectViewPage,
    '/projects/:id/hrus': HrusPage,
    '/projects/:id/documents': DocumentsPage,
    '/projects/:id/metadata': MetadataPage,
    '/projects/:id/downloads': DownloadsPage,
    '/projects/:id/errors': ErrorReportsPage,
    '/projects/:id/errors/create': CreateErrorReportPage,
    '/projects/:id/errors/:reportID': ErrorReportPage,
    '/hrus/:id': HruTablePage,
  },
});
