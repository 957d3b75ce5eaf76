import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { FfaPage } from './FfaPage.tsx';
import { FfaResultPage } from './FfaResultPage.tsx';

export default definePlugin(pkg, { main: FfaPage, pages: { FfaResult: FfaResultPage } });
