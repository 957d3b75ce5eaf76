import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requireFullAdmin } from '../../http/auth.ts';
import { parseBody } from '../../http/validate.ts';
import * as site from './service.ts';

const text = z.string().max(200_000);
const siteTextBody = z.object({
  appName: text.optional(),
  siteName: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200),
  siteLongName: text.optional(),
  siteNameDescription: text.optional(),
  homePageIntro: text.optional(),
  homePageText: text.optional(),
  homePageWorkLists: text.optional(),
  footer: text.optional(),
  helpPageText: text.optional(),
});

const tileProvider = z.object({ name: z.string().min(1), visible: z.boolean(), attribution: z.string(), url: z.string().min(1) });
const settingsBody = z
  .object({
    isOffline: z.boolean(),
    useCustomHelpPage: z.boolean(),
    customTileProviders: z.union([z.array(tileProvider), z.null()]),
    customMapBounds: z.union([z.tuple([z.number().min(-180).max(180), z.number().min(-180).max(180)]), z.null()]),
    customMapZoom: z.union([z.number().int().min(0).max(28), z.null()]),
    apiConnectivityEnabled: z.boolean(),
    enableAlertNotification: z.boolean(),
    alertNotification: z.string().max(10_000),
    includeCeQual: z.boolean(),
    includeFfa: z.boolean(),
    includeBaseflowSeparation: z.boolean(),
    includeCalibrationRuns: z.boolean(),
  })
  .partial();

const pageBody = z.object({ value: z.string().max(500_000) });

export function register(router: Router, deps: AppDeps): void {
  router.get('/datasets/websitetext', async (ctx) => {
    ctx.body = await site.publicSiteText();
  });

  router.get('/datasets/websitetextpage/:name', async (ctx) => {
    ctx.body = await site.publicPage(ctx.params.name!);
  });

  router.get('/admin/websitetext', requireFullAdmin, async (ctx) => {
    ctx.body = await site.readSiteText();
  });

  router.post('/admin/websitetext', requireFullAdmin, async (ctx) => {
    const body = parseBody(siteTextBody, ctx.request.body);
    ctx.body = await site.saveSiteText(deps, body);
  });

  router.get('/admin/websitetextpage/:name', requireFullAdmin, async (ctx) => {
    ctx.body = { value: (await site.readPage(ctx.params.name!)) ?? '' };
  });

  router.post('/admin/websitetextpage/:name', requireFullAdmin, async (ctx) => {
    const { value } = parseBody(pageBody, ctx.request.body);
    await site.writePage(ctx.params.name!, value);
    ctx.body = { value };
  });

  router.get('/admin/websitesettings', requireFullAdmin, async (ctx) => {
    ctx.body = await site.readSiteSettings();
  });

  router.post('/admin/websitesettings', requireFullAdmin, async (ctx) => {
    const body = parseBody(settingsBody, ctx.request.body);
    ctx.body = await site.saveSiteSettings(deps, body);
  });
}
