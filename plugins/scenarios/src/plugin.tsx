import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { CreateScenarioPage } from './pages/CreateScenarioPage.tsx';
import { ScenarioListPage } from './pages/ScenarioListPage.tsx';
import { ScenarioViewPage } from './pages/ScenarioViewPage.tsx';

// One component per route NAME declared in package.json → headwater.routes (paths live there only).
export default definePlugin(pkg, {
  pages: {
    ScenarioList: ScenarioListPage,
    ScenarioCreate: CreateScenarioPage,
    ScenarioView: ScenarioViewPage,
  },
});
