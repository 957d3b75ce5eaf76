// Groups and feedback (spec 3 §2.1, §5, §8; spec 1 §2, §9): the wording and the pure rules the
// groups and feedback pages and the server share.
import { isValidEmail, ACCOUNT_MESSAGES } from './accounts.ts';
import { MESSAGES } from './messages.ts';

export const GROUP_MESSAGES = {
  noGroups: 'You are not a member of any groups.',
  noInvites: 'You have no group invitations at this time.',
  nameAndDescription: 'Please enter both a name and description.',
  selectGroup: 'Please select a group.',
  noGroupShares: 'No members of your groups have shared any projects yet.',
  invalidEmail: ACCOUNT_MESSAGES.invalidEmail,
  required: MESSAGES.required,
  // Ours (the spec is silent):
  nameTooLong: 'Must be fewer than 100 characters',
  descriptionTooLong: 'Must be at most 1000 characters',
  alreadyMember: 'This person is already a member of the group.',
  alreadyInvited: 'This address has already been invited to the group.',
  ownerStays: 'The owner of the group cannot be removed.',
  ownerIsAdmin: "The owner of the group is always one of its administrators.",
  notMember: 'This user is not a member of the group.',
  inviteGone: 'This invitation is no longer pending.',
  shareNotMember: 'You can share a project only with a group you are a member of.',
  shareNotShared: 'This project is not shared with the group.',
} as const;

/** Page sizes (spec 3 §9, spec 1 §9). */
export const GROUP_PAGE_SIZES = { list: 20, detail: 10, groupProjects: 10, feedback: 50 } as const;

export const MAX_GROUP_NAME = 99;
export const MAX_GROUP_DESCRIPTION = 1000;

/** The group form (spec 3 §5): name and description required, as one message; lengths per field. */
export function groupFormProblem(name: string, description: string): { message?: string; name?: string; description?: string } {
  if (!name.trim() || !description.trim()) return { message: GROUP_MESSAGES.nameAndDescription };
  const out: { name?: string; description?: string } = {};
  if (name.trim().length > MAX_GROUP_NAME) out.name = GROUP_MESSAGES.nameTooLong;
  if (description.trim().length > MAX_GROUP_DESCRIPTION) out.description = GROUP_MESSAGES.descriptionTooLong;
  return out;
}

/** The invitation's address (spec 3 §5: required, an e-mail address); undefined when it is fine. */
export function inviteEmailProblem(email: string): string | undefined {
  const v = email.trim();
  if (!v) return GROUP_MESSAGES.required;
  return isValidEmail(v) ? undefined : GROUP_MESSAGES.invalidEmail;
}

/** A group as GET groups/{id} answers it (spec 3 §3 Group). */
export type GroupDetail = {
  id: number;
  name: string;
  description: string;
  isAdmin: boolean;
  isOwner: boolean;
  siteName: string;
  owner: string;
  createdOn: string;
  numProjects: number;
  numMembers: number;
  invitedUsers: { id: number; email: string; userName: string | null; invitedOn: string; invitedBy: string; message: string }[];
};

/** A pending invitation (spec 3 §3 Invite). */
export type GroupInvite = { id: number; groupID: number; group: string; groupDescription: string; invitedOn: string; invitedBy: string; message: string };

/** A row of GET groups (the user's groups). */
export type GroupRow = { id: number; name: string; description: string; numProjects: number; numMembers: number; numInvitedUsers: number; isAdmin: boolean; isOwner: boolean };

/** A row of GET groups/members/{id} (spec 3 §2.1). */
export type GroupMemberRow = { userName: string; email: string; firstName: string; lastName: string; affiliation: string; isAdmin: boolean; isOwner: boolean };

/** A row of GET groups/projects/{id} (spec 3 §2.1) and GET groups/projects (with group, groupID). */
export type GroupProjectRow = {
  id: number;
  project: string;
  name: string;
  userName: string;
  lastModifiedDate: string;
  dataset: string;
  endingSubbasin: string;
  numSubbasins: number;
  numHrus: number;
  totalArea: number;
  numScenarios: number;
  group?: string;
  groupID?: number;
};
