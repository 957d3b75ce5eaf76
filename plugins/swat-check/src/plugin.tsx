import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { SwatCheckPage } from './SwatCheckPage.tsx';

export default definePlugin(pkg, { main: SwatCheckPage });
