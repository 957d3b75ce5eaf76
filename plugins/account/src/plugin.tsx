import { definePlugin } from '@headwater/plugin-sdk';
import { AccountPage } from './AccountPage.tsx';
import { ChangeEmailPage, ConfirmPage, ResetPage } from './LinkPages.tsx';
import { PendingUsersPage } from './PendingUsersPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

// One component per route path declared in package.json → headwater.routes.
export default definePlugin({
  id: 'account',
  pages: {
    '/account': AccountPage,
    '/account/register': RegisterPage,
    '/account/confirm/:userId/:code': ConfirmPage,
    '/account/reset/:code': ResetPage,
    '/account/changeemail/:userId/:code/:email': ChangeEmailPage,
    '/admin/accounts/pending': PendingUsersPage,
  },
});
