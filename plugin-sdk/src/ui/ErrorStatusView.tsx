// A project or scenario in error (spec 1 §4, spec 2 §4): the status message and exception, then
// Submit Error Report (optional comments, optionally clearing the error) and Clear Error.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useAction } from '../api/actions.ts';
import { api } from '../api/client.ts';
import { ErrorList } from './ErrorList.tsx';
import { ErrorReportModal } from './ErrorReportForm.tsx';

export type ErrorStatusViewProps = {
  title: string;
  statusMessage?: string | null;
  exceptionMessage?: string | null;
  /** The GET call that clears the error (`projects/clearerror/5`, `scenarios/clearerror/4`). */
  clearPath: string;
  onCleared: () => void;
  /** What the error report is about; the message and exception above go with it. */
  report: { projectID: number; scenarioID?: number | null; clearErrorLabel: string };
  /** After a report is in; a report that cleared the error also calls onCleared. */
  onReported: (clearedError: boolean) => void;
  /** More links beside the buttons (the run's debug files). */
  links?: ReactNode;
  testId?: string;
};

export function ErrorStatusView({ title, statusMessage, exceptionMessage, clearPath, onCleared, report, onReported, links, testId }: ErrorStatusViewProps) {
  const [reporting, setReporting] = useState(false);
  const clear = useAction(async () => {
    await api.get(clearPath);
    onCleared();
  });
  return (
    <Alert color="red" title={title} data-testid={testId}>
      <Stack gap="xs">
        {statusMessage && (
          <Text size="sm" data-testid="error-status-message">
            {statusMessage}
          </Text>
        )}
        {exceptionMessage && (
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }} data-testid="error-exception">
            {exceptionMessage}
          </Text>
        )}
        <ErrorList error={clear.error} />
        <Group>
          {links}
          <Button size="xs" variant="light" onClick={() => setReporting(true)} data-testid="report-open">
            Submit Error Report
          </Button>
          <Button size="xs" color="red" variant="light" loading={clear.busy} onClick={() => void clear.run()} data-testid="clear-error">
            Clear Error
          </Button>
        </Group>
      </Stack>
      {reporting && (
        <ErrorReportModal
          projectID={report.projectID}
          scenarioID={report.scenarioID ?? null}
          message={statusMessage}
          exception={exceptionMessage}
          clearErrorLabel={report.clearErrorLabel}
          onClose={() => setReporting(false)}
          onSubmitted={({ clearedError }) => {
            setReporting(false);
            onReported(clearedError);
            if (clearedError) onCleared();
          }}
        />
      )}
    </Alert>
  );
}
