import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { PluginsAdminPage } from './PluginsAdminPage.tsx';

export default definePlugin(pkg, { pages: { AdminPlugins: PluginsAdminPage } });
