// Who reaches a project, and the project name rules (spec 1 §5, §6).
import type { Knex } from 'knex';
import { InputError, NotAllowedError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { User } from '../users/models.ts';
import { Tier } from '../tiers/models.ts';
import { Project, type Viewer } from './models.ts';

// Who may reach a project is ONE rule: Project's `accessibleBy` modifier (models.ts). Lookups
// and lists go through it; the groups issue extends it there.

/** The project, or NotFoundError when there is none and NotAllowedError when it is someone else's. */
export async function projectFor(user: User, id: number, trx?: Knex.Transaction): Promise<Project> {
  const project = await Project.query(trx).findById(id).modify('accessibleBy', user);
  if (project) return project;
  throw (await Project.query(trx).findById(id).select('id')) ? new NotAllowedError() : new NotFoundError();
}

/** Whether the user may join the project's live-status room. */
export async function mayWatchProject(user: Viewer, id: number): Promise<boolean> {
  return !!(await Project.query().findById(id).modify('accessibleBy', user).select('id'));
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
