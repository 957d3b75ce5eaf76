// A mass e-mail (migration 012): what a full administrator sent to all users and how far the
// queue job has got (spec 3 §2.3 'Send an email to all users', §3 Mass email).
import { BaseModel } from '../../db/base-model.ts';

export class MassEmail extends BaseModel {
  static override tableName = 'mass_emails';
  declare id: number;
  declare subject: string;
  declare body: string;
  declare bccSender: boolean;
  declare senderId: number | null;
  declare sender: string;
  declare status: 'running' | 'complete' | 'error';
  declare total: number;
  declare sent: number;
  declare statusMessage: string;
}
