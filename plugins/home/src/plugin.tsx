import { definePlugin } from '@headwater/plugin-sdk';
import { HomePage } from './HomePage.tsx';

export default definePlugin({ id: 'home', pages: { '/': HomePage } });
