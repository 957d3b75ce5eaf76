// Who reaches a project, and the project name rules (spec 1 §5, §6).
import type { Knex } from 'knex';
import { InputError, NotAllowedError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { User } from '../users/models.ts';
import { Tier } from '../tiers/models.ts';
import { GroupProject, memberGroupIds } from '../groups/models.ts';
import { Project, type Viewer } from './models.ts';
import { recordSupportAccess } from '../admin-projects/support.ts';

// Who may do what with a project is ONE rule, `canAccessProject(user, project, action)`, read
// from three facts: the owner, members of a group the project is shared with, administrators
// (Admin, PartialAdmin) for support. Project's `accessibleBy` modifier (models.ts) is the same
// rule for 'view', as SQL. Every project, scenario, editor, output, download, export and
// live-status call reaches its project through `projectFor` with the action it needs.

/** What a call does with a project. */
export type ProjectAction = 'view' | 'edit' | 'run' | 'share' | 'delete';
/** How a user stands to a project. */
export type ProjectRole = 'owner' | 'member' | 'admin';

/**
 * Owners do everything. Group members view, edit (HRUs, documents, zip, scenarios and their
 * saved changes, rename) and run (under their own tier). Administrators, for support, do what
 * members do and delete (the admin area deletes projects). Only the owner shares a project;
 * group admins may also take a project out of their group (groups service).
 */
export const PROJECT_PERMISSIONS: Record<ProjectAction, readonly ProjectRole[]> = {
  view: ['owner', 'member', 'admin'],
  edit: ['owner', 'member', 'admin'],
  run: ['owner', 'member', 'admin'],
  share: ['owner'],
  delete: ['owner', 'admin'],
};
export const PROJECT_ACTIONS = Object.keys(PROJECT_PERMISSIONS) as ProjectAction[];

/** How the user stands to the project: owner, member of a group it is shared with, administrator, or nothing.
 * `known.member`: whether the user is in a group the project is shared with, when the caller
 * read it with the project (one round trip for a page); the rule is the same. */
export async function projectRole(user: Viewer, project: Pick<Project, 'id' | 'userId'>, trx?: Knex.Transaction, known?: { member: boolean }): Promise<ProjectRole | null> {
  if (!user) return null;
  if (project.userId === user.id) return 'owner';
  if (known ? known.member : await GroupProject.query(trx).where('projectId', project.id).whereIn('groupId', memberGroupIds(user.id)).first()) return 'member';
  if (!user.isAdmin) return null;
  // support access by an administrator is audited (issue 20)
  await recordSupportAccess(user as { id: number; userName?: string }, project.id, trx);
  return 'admin';
}

/** SQL for `known.member` of projectRole (`p` is the projects alias, the one binding the user's id). */
export const IS_MEMBER_SQL = 'exists (select 1 from group_projects gp where gp.project_id = p.id and gp.group_id in (select gm.group_id from group_members gm where gm.user_id = ?))';

/** Whether the user may do `action` with the project (the one rule). */
export async function canAccessProject(user: Viewer, project: Pick<Project, 'id' | 'userId'>, action: ProjectAction, trx?: Knex.Transaction): Promise<boolean> {
  const role = await projectRole(user, project, trx);
  return !!role && PROJECT_PERMISSIONS[action].includes(role);
}

/** What a role may do (PROJECT_PERMISSIONS), for the pages (a control is shown only when it works). */
export function permissionsOf(role: ProjectRole | null): Record<ProjectAction, boolean> & { role: ProjectRole | null } {
  return { role, ...(Object.fromEntries(PROJECT_ACTIONS.map((a) => [a, !!role && PROJECT_PERMISSIONS[a].includes(role)])) as Record<ProjectAction, boolean>) };
}

/**
 * The project, when the user may do `action` with it. A project the user may not see answers
 * NotFoundError, exactly as one that does not exist (no leak of which ids exist); one they see
 * but may not do this with answers NotAllowedError (a member deleting the owner's project).
 */
export async function projectFor(user: Viewer, id: number, action: ProjectAction = 'view', trx?: Knex.Transaction): Promise<Project> {
  const project = await Project.query(trx).findById(id);
  await authorize(user, project, action, trx);
  return project!;
}

/**
 * projectFor's rule and answers for a project the caller has read itself, with `known.member`
 * (IS_MEMBER_SQL) in the same query: a page's reads in one round trip. Returns the user's role.
 */
export async function authorize(user: Viewer, project: Pick<Project, 'id' | 'userId'> | undefined, action: ProjectAction, trx?: Knex.Transaction, known?: { member: boolean }): Promise<ProjectRole> {
  const role = project ? await projectRole(user, project, trx, known) : null;
  if (!project || !role) throw new NotFoundError();
  if (!PROJECT_PERMISSIONS[action].includes(role)) throw new NotAllowedError();
  return role;
}

/** Whether the user may join the project's live-status room (who may view it). */
export async function mayWatchProject(user: Viewer, id: number): Promise<boolean> {
  const project = await Project.query().findById(id).select('id', 'userId');
  return !!project && (await canAccessProject(user, project, 'view'));
}

export const NAME_MESSAGES = {
  required: 'Required',
  tooLong: 'Must be fewer than 100 characters',
  letterOrNumber: 'Must contain at least one letter or number',
  copyRequired: 'Please provide a name for the new project.',
  renameRequired: 'Please provide a name for the project.',
} as const;

/** The problems of a project name (trimmed); `required` is the message for an empty one. */
export function projectNameErrors(name: unknown, required: string = NAME_MESSAGES.required): string[] {
  const value = typeof name === 'string' ? name.trim() : '';
  if (!value) return [required];
  const errors: string[] = [];
  if (value.length >= 100) errors.push(NAME_MESSAGES.tooLong);
  if (!/[\p{L}\p{N}]/u.test(value)) errors.push(NAME_MESSAGES.letterOrNumber);
  return errors;
}

export function checkProjectName(name: unknown, field: string, required?: string): string {
  const errors = projectNameErrors(name, required);
  if (errors.length) throw new InputError({ [field]: errors });
  return (name as string).trim();
}

/** The user's tier (the default tier when none is set or it has expired). */
export async function tierOf(user: User, trx?: Knex.Transaction): Promise<Tier | undefined> {
  const expired = user.tierExpiration && new Date(user.tierExpiration).getTime() < Date.now();
  if (user.tierId && !expired) {
    const tier = await Tier.query(trx).findById(user.tierId);
    if (tier) return tier;
  }
  return Tier.query(trx).where('isDefault', true).first();
}

const fmt = (n: number) => (n === 0 ? 'unlimited' : n.toLocaleString('en-US'));

/**
 * Creation limits (spec 1 §4, §8): blocked when the watershed has more subbasins than the
 * tier allows, or so many that even one HRU per subbasin exceeds the HRU limit; more HRUs
 * than the limit is a warning only (reduce them before running scenarios).
 */
export function checkTierForCreation(tier: Tier | undefined, numSubbasins: number): void {
  if (!tier) return;
  const overSubbasins = tier.subbasinLimit > 0 && numSubbasins > tier.subbasinLimit;
  const hruUnreachable = tier.hruLimit > 0 && numSubbasins > tier.hruLimit;
  if (overSubbasins || hruUnreachable) {
    throw new InputError(`Your account is limited to ${fmt(tier.subbasinLimit)} subbasins and ${fmt(tier.hruLimit)} HRUs per project. Please select a smaller watershed.`);
  }
}

/** Admins and partial admins use any dataset; others those of their tier (none listed: all). */
export function checkTierDataset(user: User, tier: Tier | undefined, datasetId: number): void {
  if (user.isAdmin || !tier || tier.datasets.length === 0 || tier.datasets.includes(datasetId)) return;
  throw new NotAllowedError('Your account tier does not include this dataset.');
}
