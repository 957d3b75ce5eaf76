import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { BaseflowPage } from './BaseflowPage.tsx';
import { BaseflowResultPage } from './BaseflowResultPage.tsx';

export default definePlugin(pkg, { main: BaseflowPage, pages: { BaseflowResult: BaseflowResultPage } });
