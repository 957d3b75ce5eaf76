import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { HelpPage } from './HelpPage.tsx';
import { LandUsePage } from './LandUsePage.tsx';

export default definePlugin(pkg, { pages: { Help: HelpPage, HelpLandUse: LandUsePage } });
