import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { CeQualPage } from './CeQualPage.tsx';

export default definePlugin(pkg, { main: CeQualPage });
