import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { ChartsPage } from './ChartsPage.tsx';

// An output tool: its page (.../output/charts, route OutputChartsOutput) and its entry in the
// scenario view's Output Data tab are implied by package.json (kind output, slug charts).
export default definePlugin(pkg, { main: ChartsPage });
