// An admin report (migration 012; spec 3 §3 Report: id, name, dataset, status, createdDate,
// fileName): a CSV file a queue job writes under FILES_DIR/admin-reports.
import { BaseModel } from '../../db/base-model.ts';

export type ReportStatus = 'running' | 'complete' | 'error';

export class AdminReport extends BaseModel {
  static override tableName = 'admin_reports';
  declare id: number;
  declare reportType: string;
  declare name: string;
  declare datasetId: number | null;
  declare dataset: string;
  declare status: ReportStatus;
  declare statusMessage: string;
  declare fileName: string | null;
  declare rowCount: number | null;
  declare createdById: number | null;
  declare createdBy: string;
  declare createdDate: Date;
  declare completedDate: Date | null;
}
