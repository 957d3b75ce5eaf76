// The plugin registry's calls: the listing every page load asks for, and the administration
// of plugins (full administrators). Routes validate and call one service.
import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requireFullAdmin } from '../../http/auth.ts';
import { parseBody } from '../../http/validate.ts';
import * as plugins from './service.ts';

const stateBody = z.object({
  enabled: z.boolean().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  secretSettings: z.record(z.string(), z.unknown()).optional(),
});
const registerBody = z.object({ manifestUrl: z.string({ error: 'Required' }).min(1, 'Required') });

export function register(router: Router, deps: AppDeps): void {
  router.get('/plugins', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await plugins.listPluginsFor(ctx.state.user);
  });

  router.get('/admin/plugins', requireFullAdmin, async (ctx) => {
    ctx.body = await plugins.listAllPlugins();
  });

  router.put('/admin/plugins/:id', requireFullAdmin, async (ctx) => {
    ctx.body = await plugins.setPluginState(deps, ctx.params.id!, parseBody(stateBody, ctx.request.body));
  });

  router.post('/admin/plugins', requireFullAdmin, async (ctx) => {
    const { manifestUrl } = parseBody(registerBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await plugins.registerExternalPlugin(deps, manifestUrl);
  });

  router.delete('/admin/plugins/:id', requireFullAdmin, async (ctx) => {
    await plugins.removeExternalPlugin(deps, ctx.params.id!);
    ctx.status = 204;
  });
}
