import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { HomePage } from './HomePage.tsx';

export default definePlugin(pkg, { pages: { Home: HomePage } });
