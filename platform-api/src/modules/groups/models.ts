// Group tables (migration 009_groups.ts): a group, its members (the owner among them, always a
// group admin), its invitations by e-mail address, and the projects shared with it.
import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from '../../db/base-model.ts';
import { Project, type Viewer } from '../projects/models.ts';
import { User } from '../users/models.ts';

export class Group extends BaseModel {
  static override tableName = 'groups';

  static override modifiers: Modifiers<QueryBuilder<Group>> = {
    /** The groups a user may open: those they are a member of; every group for (partial) administrators (the admin area). */
    accessibleBy(query: QueryBuilder<Group>, user: Viewer) {
      if (!user) query.whereRaw('false');
      else if (!user.isAdmin) query.whereIn(`${query.tableRefFor(Group)}.id`, memberGroupIds(user.id));
    },
    /** The groups a user is a member of (administrators included only where they are members). */
    memberOf(query: QueryBuilder<Group>, user: Pick<User, 'id'>) {
      query.whereIn(`${query.tableRefFor(Group)}.id`, memberGroupIds(user.id));
    },
  };

  static override get relationMappings() {
    return {
      owner: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'groups.ownerId', to: 'users.id' } },
      members: { relation: BaseModel.HasManyRelation, modelClass: GroupMember, join: { from: 'groups.id', to: 'group_members.groupId' } },
      invites: { relation: BaseModel.HasManyRelation, modelClass: GroupInvite, join: { from: 'groups.id', to: 'group_invites.groupId' } },
      projects: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: Project,
        join: { from: 'groups.id', through: { from: 'group_projects.groupId', to: 'group_projects.projectId' }, to: 'projects.id' },
      },
    };
  }

  declare id: number;
  declare name: string;
  declare description: string;
  declare ownerId: number;
  declare owner?: User;
  declare members?: GroupMember[];
  declare invites?: GroupInvite[];
  declare projects?: Project[];
}

/** The ids of the groups a user is a member of (a subquery). */
export function memberGroupIds(userId: number) {
  return GroupMember.query().select('group_members.groupId').where('group_members.userId', userId);
}

/** The ids of the projects shared with a group the user is a member of (a subquery): where group
 * membership joins Project's `accessibleBy`. */
export function sharedProjectIds(userId: number) {
  return GroupProject.query().select('group_projects.projectId').whereIn('group_projects.groupId', memberGroupIds(userId));
}

export class GroupMember extends BaseModel {
  static override tableName = 'group_members';
  static override timestamps = false;
  static override get idColumn() {
    return ['groupId', 'userId'];
  }
  static override get relationMappings() {
    return {
      group: { relation: BaseModel.BelongsToOneRelation, modelClass: Group, join: { from: 'group_members.groupId', to: 'groups.id' } },
      user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'group_members.userId', to: 'users.id' } },
    };
  }
  declare groupId: number;
  declare userId: number;
  declare isAdmin: boolean;
  declare joinedOn: Date;
  declare user?: User;
}

export type InviteStatus = 'pending' | 'accepted' | 'rejected';

export class GroupInvite extends BaseModel {
  static override tableName = 'group_invites';
  static override timestamps = false;

  static override modifiers: Modifiers<QueryBuilder<GroupInvite>> = {
    /** The pending invitations addressed to a user: by account, or by the user's confirmed address (an invitation that waited for it). */
    pendingFor(query: QueryBuilder<GroupInvite>, user: Pick<User, 'id' | 'email' | 'emailConfirmed'>) {
      const t = query.tableRefFor(GroupInvite);
      query.where(`${t}.status`, 'pending').where((w) => {
        w.where(`${t}.userId`, user.id);
        if (user.emailConfirmed) w.orWhere((o) => o.whereNull(`${t}.userId`).whereRaw(`lower(${t}.email) = lower(?)`, [user.email]));
      });
    },
  };

  static override get relationMappings() {
    return {
      group: { relation: BaseModel.BelongsToOneRelation, modelClass: Group, join: { from: 'group_invites.groupId', to: 'groups.id' } },
      user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'group_invites.userId', to: 'users.id' } },
      invitedBy: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'group_invites.invitedById', to: 'users.id' } },
    };
  }
  declare id: number;
  declare groupId: number;
  declare email: string;
  declare userId: number | null;
  declare invitedById: number | null;
  declare message: string;
  declare status: InviteStatus;
  declare invitedOn: Date;
  declare respondedOn: Date | null;
  declare group?: Group;
  declare invitedBy?: User | null;
}

export class GroupProject extends BaseModel {
  static override tableName = 'group_projects';
  static override timestamps = false;
  static override get idColumn() {
    return ['groupId', 'projectId'];
  }
  static override get relationMappings() {
    return {
      group: { relation: BaseModel.BelongsToOneRelation, modelClass: Group, join: { from: 'group_projects.groupId', to: 'groups.id' } },
      project: { relation: BaseModel.BelongsToOneRelation, modelClass: Project, join: { from: 'group_projects.projectId', to: 'projects.id' } },
    };
  }
  declare groupId: number;
  declare projectId: number;
  declare sharedById: number | null;
  declare sharedOn: Date;
}
