// The administrators' user calls of spec 3 §7 'Admin users and misc' (and admin groups). Every
// call needs Admin or PartialAdmin; what a partial administrator may not do to an
// administrator's account is decided by the service (spec 3 §6).
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireAdmin } from '../../http/auth.ts';
import { sendGrid } from '../../http/grid.ts';
import { intParam, parseBody } from '../../http/validate.ts';
import { notFound } from '../../http/errors.ts';
import * as admin from './service.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** POST admin/users/setrole/{id}: `value` is the role; `remove` takes ApiUser away. */
const roleSchema = z.object({ value: z.string({ error: 'Required' }).trim().min(1, 'Required'), remove: z.boolean().optional() });

function queryValue(ctx: Context, name: string): string {
  const v = ctx.query[name];
  return typeof v === 'string' ? v : '';
}

/** The days of setlock: -1 (unlock) or a positive whole number; anything else points nowhere. */
function daysParam(value: string | undefined): number {
  if (!value || !/^-?\d{1,5}$/.test(value)) throw notFound();
  return Number(value);
}

const isId = (v: string | undefined) => !!v && /^\d{1,10}$/.test(v);

export function register(router: Router, deps: AppDeps): void {
  // ─── lists (before `admin/users/{id}`) ──────────────────────────────────
  router.get('/admin/users', requireAdmin, async (ctx) => {
    await sendGrid(ctx, deps.db, admin.userRowsQuery(deps.db), admin.USER_GRID, { csvName: 'users.csv' });
  });
  router.get('/admin/exports/users', requireAdmin, async (ctx) => {
    ctx.query = { ...ctx.query, format: 'csv' };
    await sendGrid(ctx, deps.db, admin.userRowsQuery(deps.db), admin.USER_GRID, { csvName: 'users.csv' });
  });
  router.get('/admin/users/pending', requireAdmin, async (ctx) => {
    ctx.body = await admin.pendingUsers();
  });
  router.get('/admin/users/approve', requireAdmin, async (ctx) => {
    await admin.approve(deps, currentUser(ctx), intParam(queryValue(ctx, 'id')));
    ctx.body = { message: 'The account has been approved.' };
  });
  router.post('/admin/users', requireAdmin, async (ctx) => {
    ctx.status = 201;
    ctx.body = await admin.createUserByAdmin(deps, currentUser(ctx), ctx.request.body);
  });

  // ─── one user ───────────────────────────────────────────────────────────
  router.get('/admin/users/projects/:id', requireAdmin, async (ctx) => {
    const { query } = await admin.userProjectsQuery(deps.db, intParam(ctx.params.id));
    await sendGrid(ctx, deps.db, query, admin.USER_PROJECT_GRID, { csvName: 'user-projects.csv' });
  });
  router.get('/admin/users/setlock/:id/:days', requireAdmin, async (ctx) => {
    ctx.body = await admin.setLock(deps, currentUser(ctx), intParam(ctx.params.id), daysParam(ctx.params.days));
  });
  router.post('/admin/users/password/:id', requireAdmin, async (ctx) => {
    const b = (ctx.request.body ?? {}) as Record<string, unknown>;
    await admin.setPassword(deps, currentUser(ctx), intParam(ctx.params.id), { value: str(b.value), comparePassword: typeof b.comparePassword === 'string' ? b.comparePassword : undefined });
    ctx.body = { message: 'The password has been changed.' };
  });
  router.post('/admin/users/setrole/:id', requireAdmin, async (ctx) => {
    const b = parseBody(roleSchema, ctx.request.body);
    ctx.body = await admin.setRole(deps, currentUser(ctx), intParam(ctx.params.id), b);
  });
  router.post('/admin/users/deny/:id', requireAdmin, async (ctx) => {
    const b = (ctx.request.body ?? {}) as Record<string, unknown>;
    await admin.deny(deps, currentUser(ctx), intParam(ctx.params.id), str(b.value).trim());
    ctx.body = { message: 'The registration has been denied.' };
  });
  router.get('/admin/users/accesscodes/:id', requireAdmin, async (ctx) => {
    ctx.body = await admin.accessCodes(currentUser(ctx), intParam(ctx.params.id));
  });
  router.post('/admin/users/accesscodes/:id', requireAdmin, async (ctx) => {
    ctx.body = await admin.issueAccessCode(deps, currentUser(ctx), intParam(ctx.params.id));
  });
  // `admin/users/{id}` is numeric: other admin/users/... calls (categories, emailusers, groups)
  // of other modules pass through whatever the registration order.
  router.get('/admin/users/:id', requireAdmin, async (ctx, next) => {
    if (!isId(ctx.params.id)) return next();
    ctx.body = await admin.getUserDetail(deps, currentUser(ctx), intParam(ctx.params.id));
  });
  router.post('/admin/users/:id', requireAdmin, async (ctx, next) => {
    if (!isId(ctx.params.id)) return next();
    ctx.body = await admin.updateUserProfile(deps, currentUser(ctx), intParam(ctx.params.id), ctx.request.body);
  });
}
