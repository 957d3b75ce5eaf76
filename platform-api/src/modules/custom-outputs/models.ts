// The custom output request (migration 007_custom_outputs.ts): one CE-QUAL-W2, flood frequency
// or baseflow separation request of a scenario. Who may see it: whoever may open its scenario.
import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel, jsonColumns } from '../../db/base-model.ts';
import type { Viewer } from '../projects/models.ts';
import { Scenario } from '../scenarios/models.ts';

export type RequestStatus = 'running' | 'error' | 'complete';

export class CustomOutputRequestRow extends BaseModel {
  static override tableName = 'custom_output_requests';
  static override jsonSchema = jsonColumns({ subbasins: 'array', options: 'object' });

  static override modifiers: Modifiers<QueryBuilder<CustomOutputRequestRow>> = {
    /** The requests of the scenarios a user may open. */
    accessibleBy(query: QueryBuilder<CustomOutputRequestRow>, user: Viewer) {
      query.whereIn(`${query.tableRefFor(CustomOutputRequestRow)}.scenarioId`, Scenario.query().select('scenarios.id').modify('accessibleBy', user));
    },
  };

  declare id: number;
  declare scenarioId: number;
  declare userId: number | null;
  declare tool: string;
  declare status: RequestStatus;
  declare statusMessage: string;
  declare progress: number;
  declare outputType: string;
  declare applyToAll: boolean;
  declare subbasins: number[];
  declare filterParameter: number | null;
  declare bfiMax: number | null;
  declare options: Record<string, unknown>;
  declare exceptionMessage: string;
  declare lastModifiedDate: Date;
}
