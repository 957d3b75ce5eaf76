import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { CreateGroupPage } from './CreateGroupPage.tsx';
import { GroupViewPage } from './GroupViewPage.tsx';
import { GroupsPage } from './GroupsPage.tsx';
import { InvitesPage } from './InvitesPage.tsx';

// One component per route NAME declared in package.json → headwater.routes (paths live there only).
export default definePlugin(pkg, {
  pages: {
    GroupList: GroupsPage,
    GroupInvites: InvitesPage,
    GroupCreate: CreateGroupPage,
    GroupView: GroupViewPage,
  },
});
