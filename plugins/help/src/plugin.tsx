import { definePlugin } from '@headwater/plugin-sdk';
import { HelpPage } from './HelpPage.tsx';
import { LandUsePage } from './LandUsePage.tsx';

export default definePlugin({ id: 'help', pages: { '/help': HelpPage, '/help/landuse': LandUsePage } });
