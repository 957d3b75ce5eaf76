// The API's domain modules. Each module folder has `routes.ts` exporting
// `register(router, deps)`; routes validate and call the module's service.
import type Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { register as accounts } from './accounts/routes.ts';
import { register as adminDashboard } from './admin-dashboard/routes.ts';
import { register as adminUsers } from './admin-users/routes.ts';
import { register as auth } from './auth/routes.ts';
import { register as customOutputs } from './custom-outputs/routes.ts';
import { register as calibrationRuns } from './calibration-runs/routes.ts';
import { register as datasets } from './datasets/routes.ts';
import { register as errorReports } from './error-reports/routes.ts';
import { register as groups } from './groups/routes.ts';
import { register as health } from './health/routes.ts';
import { register as maps } from './maps/routes.ts';
import { register as massEmail } from './mass-email/routes.ts';
import { register as plugins } from './plugins/routes.ts';
import { register as projects } from './projects/routes.ts';
import { register as adminReports } from './reports/routes.ts';
import { register as scenarios } from './scenarios/routes.ts';
import { register as site } from './site/routes.ts';
import { register as tiers } from './tiers/routes.ts';
import { register as apiClients } from './api-clients/routes.ts';
import { register as batch } from './batch/routes.ts';
import { register as regional } from './regional/routes.ts';
import { register as migrationV1 } from './migration-v1/routes.ts';
import { register as adminProjects } from './admin-projects/routes.ts';
import { register as weather } from './weather/routes.ts';
import { register as adminJobs } from './admin-jobs/routes.ts';
import { register as adminDatasets } from './admin-datasets/routes.ts';
import { register as huc2Import } from './huc2-import/routes.ts';
// user categories before admin-users: GET admin/users/categories must not be taken for admin/users/{id}
import { register as userCategories } from './user-categories/routes.ts';

export const MODULES: Record<string, (router: Router, deps: AppDeps) => void> = { health, auth, adminDashboard, userCategories, massEmail, adminReports, accounts, plugins, site, tiers, datasets, maps, projects, scenarios, groups, errorReports, customOutputs, calibrationRuns, adminUsers, apiClients, batch, regional, migrationV1, adminProjects, weather, adminJobs, adminDatasets, huc2Import };
