// A failed run (spec 2 §4): the status message and exception, the debug files, an error
// report, and Clear Error (GET scenarios/clearerror/{id}) to return the scenario to normal.
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { ErrorList, api, authorizedUrl } from '@headwater/plugin-sdk';
import { useState } from 'react';
import type { ScenarioStatus } from '../types.ts';
import { ErrorReportModal } from './ErrorReportModal.tsx';

export type RunErrorViewProps = { projectID: number; scenarioID: number; status: ScenarioStatus; onCleared: () => void; onReported: () => void };

export function RunErrorView({ projectID, scenarioID, status, onCleared, onReported }: RunErrorViewProps) {
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const clear = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.get(`scenarios/clearerror/${scenarioID}`);
      onCleared();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert color="red" title="An error occurred while running your scenario" data-testid="scenario-error">
      <Stack gap="xs">
        {status.statusMessage && (
          <Text size="sm" data-testid="error-status-message">
            {status.statusMessage}
          </Text>
        )}
        {status.exceptionMessage && (
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }} data-testid="error-exception">
            {status.exceptionMessage}
          </Text>
        )}
        <ErrorList error={error} />
        <Group>
          {status.debugFile && (
            <Anchor href={authorizedUrl(status.debugFile)} size="sm" download data-testid="debug-link">
              Download debug files
            </Anchor>
          )}
          <Button size="xs" variant="light" onClick={() => setReporting(true)} data-testid="report-open">
            Submit Error Report
          </Button>
          <Button size="xs" color="red" variant="light" loading={busy} onClick={() => void clear()} data-testid="clear-error">
            Clear Error
          </Button>
        </Group>
      </Stack>
      {reporting && (
        <ErrorReportModal
          projectID={projectID}
          scenarioID={scenarioID}
          status={status}
          onClose={() => setReporting(false)}
          onSubmitted={(cleared) => {
            setReporting(false);
            onReported();
            if (cleared) onCleared();
          }}
        />
      )}
    </Alert>
  );
}
