// A failed run (spec 2 §4): the status message and exception, the debug files, an error
// report, and Clear Error (GET scenarios/clearerror/{id}) to return the scenario to normal.
import { Anchor } from '@mantine/core';
import { ErrorStatusView, fileHref } from '@headwater/plugin-sdk';
import type { ScenarioStatus } from '../types.ts';

export type RunErrorViewProps = { projectID: number; scenarioID: number; status: ScenarioStatus; onCleared: () => void; onReported: () => void };

export function RunErrorView({ projectID, scenarioID, status, onCleared, onReported }: RunErrorViewProps) {
  return (
    <ErrorStatusView
      title="An error occurred while running your scenario"
      statusMessage={status.statusMessage}
      exceptionMessage={status.exceptionMessage}
      clearPath={`scenarios/clearerror/${scenarioID}`}
      onCleared={onCleared}
      report={{ projectID, scenarioID, clearErrorLabel: 'Clear the error from this scenario' }}
      onReported={onReported}
      testId="scenario-error"
      links={
        status.debugFile && (
          <Anchor href={fileHref(status.debugFile)} size="sm" download data-testid="debug-link">
            Download debug files
          </Anchor>
        )
      }
    />
  );
}
