// The module the platform loads (`./plugin`): a component for each route of package.json's
// headwater block, bound by route name.
import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { GreetingPage } from './GreetingPage.tsx';

export default definePlugin(pkg, { pages: { Greeting: GreetingPage } });
