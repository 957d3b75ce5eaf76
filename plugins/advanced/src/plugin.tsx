import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { AdvancedfeaturesPage } from './AdvancedfeaturesPage.tsx';

// One component per route NAME declared in package.json → headwater.routes (the path lives there only).
export default definePlugin(pkg, { pages: { Advancedfeatures: AdvancedfeaturesPage } });
