import { definePlugin } from '@headwater/plugin-sdk';
import { CreateScenarioPage } from './pages/CreateScenarioPage.tsx';
import { ScenarioListPage } from './pages/ScenarioListPage.tsx';
import { ScenarioViewPage } from './pages/ScenarioViewPage.tsx';

// One component per route path declared in package.json → headwater.routes.
export default definePlugin({
  id: 'scenarios',
  pages: {
    '/projects/:id/scenarios': ScenarioListPage,
    '/projects/:id/scenarios/create': CreateScenarioPage,
    '/projects/:id/scenarios/:scenarioID': ScenarioViewPage,
  },
});
