// Who reaches a project, and the project name rules (spec 1 §5, §6).
import type { Knex } from 'knex';
import { HttpError, forbidden, notFound, validationError } from '../../http/errors.ts';
import type { User } from '../users/models.ts';
import { Tier } from '../tiers/models.ts';
import { Project } from './models.ts';

/**
 * Whether a user may open, edit and run a project. Today: its owner only. The groups issue
 * extends this one function (members of groups the project is shared with).
 */
export function canAccessProject(user: Pick<User, 'id'> | undefined, project: Pick<Project, 'userId'>): boolean {
  return !!user && project.userId === user.id;
}

/** The project, or 404 when there is none and 403 when it is someone else's. */
export async function projectFor(user: User, id: number, trx?: Knex.Transaction): Promise<Project> {
  const project = await Project.query(trx).findById(id);
  if (!project) throw notFound();
  if (!canAccessProject(user, project)) throw forbidden();
  return project;
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
  if (errors.length) throw validationError({ [field]: errors });
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
    throw new HttpError(400, `Your account is limited to ${fmt(tier.subbasinLimit)} subbasins and ${fmt(tier.hruLimit)} HRUs per project. Please select a smaller watershed.`);
  }
}

/** Admins and partial admins use any dataset; others those of their tier (none listed: all). */
export function checkTierDataset(user: User, tier: Tier | undefined, datasetId: number): void {
  if (user.isAdmin || !tier || tier.datasets.length === 0 || tier.datasets.includes(datasetId)) return;
  throw new HttpError(403, 'Your account tier does not include this dataset.');
}
