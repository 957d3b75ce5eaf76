// The help plugin's server half: the run-time guide of spec 1 'Help' (how long a SWAT run
// takes by HRU count and modelled years). Only the rows the spec gives are published.
import { definePluginServer } from '@headwater/plugin-sdk/server';
import { RUNTIME_GUIDE } from '../src/runtimeGuide.ts';

export default definePluginServer({
  id: 'help',
  routes: [{ method: 'GET', path: '/help/runtimeguide', access: 'public', handler: () => RUNTIME_GUIDE }],
});
