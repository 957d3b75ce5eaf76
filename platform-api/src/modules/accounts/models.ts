import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from '../../db/base-model.ts';
import { Tier } from '../tiers/models.ts';
import { User } from '../users/models.ts';

/** A bell notification (spec 1 §3): title, details, url/urlText to follow. */
export class Notification extends BaseModel {
  static override tableName = 'notifications';
  static override timestamps = false;
  static override modifiers: Modifiers<QueryBuilder<Notification>> = {
    /** A user's own notifications (nobody else reads them, administrators neither). */
    accessibleBy(query: QueryBuilder<Notification>, user: Pick<User, 'id'>) {
      query.where(`${query.tableRefFor(Notification)}.userId`, user.id);
    },
  };
  static override get relationMappings() {
    return {
      user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'notifications.userId', to: 'users.id' } },
    };
  }
  declare id: number;
  declare userId: number;
  declare title: string;
  declare details: string;
  declare url: string | null;
  declare urlText: string | null;
  declare isRead: boolean;
  declare notificationDate: Date;

  toJSONForClient() {
    return { id: this.id, title: this.title, details: this.details, url: this.url, urlText: this.urlText, isRead: this.isRead, notificationDate: this.notificationDate };
  }
}

/** A request for a higher usage tier (spec 1 §3: value = reasons, time = estimated duration). */
export class TierRequest extends BaseModel {
  static override tableName = 'tier_requests';
  static override timestamps = false;
  static override modifiers: Modifiers<QueryBuilder<TierRequest>> = {
    /** A user's own tier requests (administrators read them by mail today; the admin issue adds their list). */
    accessibleBy(query: QueryBuilder<TierRequest>, user: Pick<User, 'id'>) {
      query.where(`${query.tableRefFor(TierRequest)}.userId`, user.id);
    },
  };
  static override get relationMappings() {
    return {
      user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'tier_requests.userId', to: 'users.id' } },
      tier: { relation: BaseModel.BelongsToOneRelation, modelClass: Tier, join: { from: 'tier_requests.tierId', to: 'tiers.id' } },
    };
  }
  declare id: number;
  declare userId: number;
  declare tierId: number | null;
  declare value: string;
  declare time: string;
  declare status: string;
  declare createdAt?: Date;
}
