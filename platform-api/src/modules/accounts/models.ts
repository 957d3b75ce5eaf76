import { BaseModel } from '../../db/base-model.ts';

/** A bell notification (spec 1 §3): title, details, url/urlText to follow. */
export class Notification extends BaseModel {
  static override tableName = 'notifications';
  static override timestamps = false;
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
  declare id: number;
  declare userId: number;
  declare tierId: number | null;
  declare value: string;
  declare time: string;
  declare status: string;
  declare createdAt?: Date;
}
