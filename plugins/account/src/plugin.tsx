import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { AccountPage } from './AccountPage.tsx';
import { ChangeEmailPage, ConfirmPage, ResetPage } from './LinkPages.tsx';
import { RegisterPage } from './RegisterPage.tsx';

// One component per route NAME declared in package.json → headwater.routes (paths live there only).
export default definePlugin(pkg, {
  pages: {
    AccountProfile: AccountPage,
    AccountRegister: RegisterPage,
    AccountConfirm: ConfirmPage,
    AccountReset: ResetPage,
    AccountChangeEmail: ChangeEmailPage,
  },
});
