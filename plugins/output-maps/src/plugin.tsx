import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { MapsPage } from './MapsPage.tsx';

// An output tool: its page (.../output/maps, route OutputMapsOutput) and its entry in the
// scenario view's Output Data tab are implied by package.json (kind output, slug maps).
export default definePlugin(pkg, { main: MapsPage });
