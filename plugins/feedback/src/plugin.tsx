import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { FeedbackCreatePage, FeedbackListPage, FeedbackReportPage } from './FeedbackPages.tsx';

// One component per route NAME declared in package.json → headwater.routes (paths live there only).
export default definePlugin(pkg, {
  pages: {
    FeedbackList: FeedbackListPage,
    FeedbackCreate: FeedbackCreatePage,
    FeedbackReport: FeedbackReportPage,
  },
});
