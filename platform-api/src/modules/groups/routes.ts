// The groups calls of spec 3 §7 and the project sharing of spec 1 §7 (groups/share|unshare,
// GET groups/projects). Every call needs an approved user; the service decides who may do what.
import type Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireAdmin, requireRegistered } from '../../http/auth.ts';
import { sendGrid } from '../../http/grid.ts';
import { intParam, parseBody } from '../../http/validate.ts';
import { onEmailConfirmed } from '../accounts/service.ts';
import * as groups from './service.ts';

const text = z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v), z.string({ message: 'Must be text' }));
const groupSchema = z.object({ name: z.unknown().optional(), description: z.unknown().optional() });
/** PUT groups/invite/{id}: `name` holds the invitee's e-mail, `description` the optional message (spec 3 §7). */
const inviteSchema = z.object({ name: text, description: text });
/** PATCH groups/removemember/{id}: `value` holds the user name. */
const removeSchema = z.object({ value: text });
/** PATCH groups/setadmin/{id}: `name` the user name, `value` whether they are a group admin. */
const adminSchema = z.object({ name: text, value: z.preprocess((v) => v === true || v === 'true' || v === 1, z.boolean()) });

export function register(router: Router, deps: AppDeps): void {
  // An address invited before it had an account: the invitation waits for the account that confirms it.
  onEmailConfirmed('groups', (user) => groups.claimInvitations(deps, user));

  // ─── lists (before `groups/{id}`) ───────────────────────────────────────
  router.get('/groups', requireRegistered, async (ctx) => {
    const { query } = groups.groupRowsQuery(deps.db, currentUser(ctx));
    await sendGrid(ctx, deps.db, query, groups.GROUP_GRID, { csvName: 'groups.csv' });
  });
  router.get('/groups/invites', requireRegistered, async (ctx) => {
    ctx.body = await groups.pendingInvites(currentUser(ctx));
  });
  router.get('/groups/projects', requireRegistered, async (ctx) => {
    const { query } = groups.userGroupProjectsQuery(deps.db, currentUser(ctx));
    await sendGrid(ctx, deps.db, query, groups.USER_GROUP_PROJECT_GRID, { csvName: 'group-projects.csv', map: (r) => ({ ...r, groupID: r.groupId }) });
  });
  router.get('/groups/projects/:id', requireRegistered, async (ctx) => {
    const { query } = await groups.groupProjectsQuery(deps, currentUser(ctx), intParam(ctx.params.id));
    await sendGrid(ctx, deps.db, query, groups.GROUP_PROJECT_GRID, { csvName: 'group-projects.csv' });
  });
  router.get('/groups/members/:id', requireRegistered, async (ctx) => {
    const { query } = await groups.groupMembersQuery(deps, currentUser(ctx), intParam(ctx.params.id));
    await sendGrid(ctx, deps.db, query, groups.MEMBER_GRID, { csvName: 'group-members.csv' });
  });

  // The admin area's list of every group (spec 3 §2.3 AdminGroups); a group's detail, projects,
  // members and deletion are the calls above and below, which administrators may make on any group.
  router.get('/admin/users/groups', requireAdmin, async (ctx) => {
    await sendGrid(ctx, deps.db, groups.adminGroupRowsQuery(deps.db), groups.ADMIN_GROUP_GRID, { csvName: 'groups.csv' });
  });

  // ─── invitations ────────────────────────────────────────────────────────
  router.patch('/groups/accept/:id', requireRegistered, async (ctx) => {
    ctx.body = await groups.acceptInvite(deps, currentUser(ctx), intParam(ctx.params.id));
  });
  router.patch('/groups/reject/:id', requireRegistered, async (ctx) => {
    ctx.body = await groups.rejectInvite(currentUser(ctx), intParam(ctx.params.id));
  });
  router.put('/groups/invite/:id', requireRegistered, async (ctx) => {
    const b = parseBody(inviteSchema, ctx.request.body);
    ctx.body = await groups.inviteToGroup(deps, currentUser(ctx), intParam(ctx.params.id), { email: b.name, message: b.description });
  });
  router.delete('/groups/invite/:id', requireRegistered, async (ctx) => {
    ctx.body = await groups.deleteInvite(currentUser(ctx), intParam(ctx.params.id));
  });

  // ─── members ────────────────────────────────────────────────────────────
  router.patch('/groups/removemember/:id', requireRegistered, async (ctx) => {
    const { value } = parseBody(removeSchema, ctx.request.body);
    ctx.body = await groups.removeMember(deps, currentUser(ctx), intParam(ctx.params.id), value);
  });
  router.patch('/groups/setadmin/:id', requireRegistered, async (ctx) => {
    const b = parseBody(adminSchema, ctx.request.body);
    ctx.body = await groups.setAdmin(deps, currentUser(ctx), intParam(ctx.params.id), b.name, b.value);
  });

  // ─── sharing ────────────────────────────────────────────────────────────
  router.patch('/groups/share/:groupID/:projectID', requireRegistered, async (ctx) => {
    ctx.body = await groups.shareProject(currentUser(ctx), intParam(ctx.params.groupID), intParam(ctx.params.projectID));
  });
  router.patch('/groups/unshare/:groupID/:projectID', requireRegistered, async (ctx) => {
    ctx.body = await groups.unshareProject(deps, currentUser(ctx), intParam(ctx.params.groupID), intParam(ctx.params.projectID));
  });

  // ─── one group (last: its pattern is the most general) ──────────────────
  router.post('/groups', requireRegistered, async (ctx) => {
    ctx.body = await groups.createGroup(deps, currentUser(ctx), parseBody(groupSchema, ctx.request.body));
  });
  router.get('/groups/:id', requireRegistered, async (ctx) => {
    ctx.body = await groups.getGroup(currentUser(ctx), intParam(ctx.params.id));
  });
  router.put('/groups/:id', requireRegistered, async (ctx) => {
    ctx.body = await groups.updateGroup(currentUser(ctx), intParam(ctx.params.id), parseBody(groupSchema, ctx.request.body));
  });
  router.delete('/groups/:id', requireRegistered, async (ctx) => {
    ctx.body = await groups.deleteGroup(deps, currentUser(ctx), intParam(ctx.params.id));
  });
}
