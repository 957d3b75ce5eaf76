import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requireFullAdmin } from '../../http/auth.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { parseBody } from '../../http/validate.ts';
import * as plugins from './service.ts';

export const CORE_PLUGIN_MESSAGE = 'This plugin administers the others and cannot be disabled.';

const toggleBody = z.object({ enabled: z.boolean().optional(), settings: z.record(z.string(), z.unknown()).optional() });
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
    const body = parseBody(toggleBody, ctx.request.body);
    const row = await plugins.setPluginEnabled(ctx.params.id!, body);
    if (!row) throw notFound();
    if (row === 'core') throw validationError({ enabled: [CORE_PLUGIN_MESSAGE] });
    await deps.bus.publish('site', 'plugins-changed', { id: row.id, enabled: row.enabled });
    ctx.body = plugins.toListing(row);
  });

  router.post('/admin/plugins', requireFullAdmin, async (ctx) => {
    const { manifestUrl } = parseBody(registerBody, ctx.request.body);
    const result = await plugins.registerExternalPlugin(manifestUrl, deps.fetcher);
    if (result.errors) throw validationError({ manifestUrl: result.errors });
    await deps.bus.publish('site', 'plugins-changed', { id: result.record!.id, enabled: true });
    ctx.status = 201;
    ctx.body = plugins.toListing(result.record!);
  });

  router.delete('/admin/plugins/:id', requireFullAdmin, async (ctx) => {
    const outcome = await plugins.deletePlugin(ctx.params.id!);
    if (outcome === 'missing') throw notFound();
    if (outcome === 'workspace') throw validationError({ id: ['Built-in plugins can be disabled but not removed.'] });
    await deps.bus.publish('site', 'plugins-changed', { id: ctx.params.id });
    ctx.status = 204;
  });
}
