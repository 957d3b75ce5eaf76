// While a scenario runs (spec 2 §2, §4): percent, message, the elapsed time ticking each second
// from the run's start, a manual refresh, and Abort (confirmed; the run's files are deleted).
import { Alert, Button, Group, Stack } from '@mantine/core';
import { ConfirmDialog, ProgressView, api, useAction } from '@headwater/plugin-sdk';
import { useState } from 'react';
import type { ScenarioStatus, ScenarioStatusEvent } from '../types.ts';

export type RunningViewProps = { scenarioID: number; status: ScenarioStatus; live: ScenarioStatusEvent | null; onRefresh: () => void; onAborted: () => void };

export function RunningView({ scenarioID, status, live, onRefresh, onAborted }: RunningViewProps) {
  const [confirming, setConfirming] = useState(false);
  const percent = live?.progress ?? status.currentProgress ?? 0;
  const message = live?.message ?? status.statusMessage ?? undefined;

  const { run: abort, busy, error } = useAction(async () => {
    await api.get(`scenarios/abort/${scenarioID}`);
    setConfirming(false);
    onAborted();
  });

  return (
    <Alert color="blue" title="Your scenario is running" data-testid="scenario-running">
      <Stack gap="xs">
        <ProgressView percent={percent} message={message ?? undefined} startedAt={status.startRunDate ?? undefined} onRefresh={onRefresh} />
        <Group>
          <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)} data-testid="abort-run">
            Abort run
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Abort run"
        confirmLabel="Abort run"
        danger
        busy={busy}
        error={error}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void abort()}
      >
        Are you sure you want to abort this run? The scenario returns to not running and the files of this run are deleted.
      </ConfirmDialog>
    </Alert>
  );
}
