// Error reports (migrations 005_scenarios.ts, 009_groups.ts): what a user sends about a failed
// project job or scenario run (spec 1 'errors' sub-page, spec 2 §4 'Report this error'), or as
// general feedback about no project (spec 1 /feedback); the administrator's reply
// (developerComments, resolvedBy, resolvedDate) is set by the admin area.
import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from '../../db/base-model.ts';
import { Project, type Viewer } from '../projects/models.ts';
import { Scenario } from '../scenarios/models.ts';
import { User } from '../users/models.ts';

export class ErrorReport extends BaseModel {
  static override tableName = 'error_reports';

  static override modifiers: Modifiers<QueryBuilder<ErrorReport>> = {
    /** The reports a user may read: those of projects they may open (owner, group members,
     * administrators), and their own (general feedback, or about a project they no longer see). */
    accessibleBy(query: QueryBuilder<ErrorReport>, user: Viewer) {
      const t = query.tableRefFor(ErrorReport);
      if (!user) {
        query.whereRaw('false');
        return;
      }
      query.where((w) =>
        w
          .whereIn(`${t}.projectId`, Project.query().select('projects.id').modify('accessibleBy', user))
          .orWhere(`${t}.userId`, user.id),
      );
    },
  };

  static override get relationMappings() {
    return {
      user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'error_reports.userId', to: 'users.id' } },
      project: { relation: BaseModel.BelongsToOneRelation, modelClass: Project, join: { from: 'error_reports.projectId', to: 'projects.id' } },
      scenario: { relation: BaseModel.BelongsToOneRelation, modelClass: Scenario, join: { from: 'error_reports.scenarioId', to: 'scenarios.id' } },
    };
  }

  declare id: number;
  declare userId: number | null;
  declare projectId: number | null;
  declare scenarioId: number | null;
  declare title: string;
  declare message: string;
  declare exception: string;
  declare userComments: string;
  declare status: 'Submitted' | 'Working' | 'Resolved';
  declare dateSubmitted: Date;
  declare developerComments: string;
  declare resolvedBy: string | null;
  declare resolvedDate: Date | null;
  /** when the administrator last e-mailed the reply to the user (migration 012) */
  declare emailedUserAt: Date | null;
  /** the address the last reply was copied to (migration 012) */
  declare ccEmail: string;
  declare user?: User | null;
  declare project?: Project | null;
  declare scenario?: Scenario | null;
}
