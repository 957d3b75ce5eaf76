// The Overview tab: the scenario's settings and its actions — Edit settings, Run, Copy, Delete
// (spec 2 §2). While the scenario runs only Abort is offered (in the running view).
import { Alert, Button, Group, Stack, Table } from '@mantine/core';
import { ConfirmDialog, ROUTES, TierLink, api, formatDateTime, useAction, useLinks, useNavigate } from '@headwater/plugin-sdk';
import { useState, type ReactNode } from 'react';
import { SCENARIO_MESSAGES, fmtSeconds, isoDate } from '../logic.ts';
import type { ScenarioResponse } from '../types.ts';
import { CopyModal } from './CopyModal.tsx';
import { EditSettingsModal } from './EditSettingsModal.tsx';
import { RunModal } from './RunModal.tsx';

export function SettingsTable({ data }: { data: ScenarioResponse }) {
  const { scenario: s, status } = data;
  const row = (label: string, value: ReactNode, testId: string) => (
    <Table.Tr>
      <Table.Th w={220}>{label}</Table.Th>
      <Table.Td data-testid={testId}>{value}</Table.Td>
    </Table.Tr>
  );
  const climate = s.climateChangeScenario ? [s.climateChangeScenario, s.climateChangeTimePeriod].filter(Boolean).join(', ') : 'None';
  const estimate = s.runtimeEstimate
    ? s.runtimeEstimateWithEditor && s.runtimeEstimateWithEditor !== s.runtimeEstimate
      ? `${fmtSeconds(s.runtimeEstimate)} (${fmtSeconds(s.runtimeEstimateWithEditor)} with SWAT Editor tables)`
      : fmtSeconds(s.runtimeEstimate)
    : 'Not available';
  return (
    <Table withTableBorder data-testid="scenario-settings">
      <Table.Tbody>
        {row('Weather dataset', s.weatherDataset ?? '', 'setting-weather')}
        {row('Climate change', climate, 'setting-climate')}
        {row('Simulation dates', `${isoDate(s.startingSimulationDate)} to ${isoDate(s.endingSimulationDate)}`, 'setting-dates')}
        {row('Warm-up years', s.skipYears, 'setting-skip')}
        {row('Print setting', s.printSetting ?? '', 'setting-print')}
        {row('SWAT version', s.swatVersion ?? '', 'setting-swat')}
        {row('Last run', status.lastRunDate ? formatDateTime(status.lastRunDate) : 'Never', 'setting-last-run')}
        {status.hasRun && status.runtime !== null && status.runtime !== undefined && row('Runtime', fmtSeconds(status.runtime), 'setting-runtime')}
        {row('Runtime estimate', estimate, 'setting-estimate')}
        {status.hasRun && status.outputsExpire && row('Outputs kept until', formatDateTime(status.outputsExpire), 'setting-expire')}
      </Table.Tbody>
    </Table>
  );
}

type Dialog = 'edit' | 'run' | 'copy' | 'delete' | null;

/** `onChanged` reloads the scenario and its lists; `onDeleted` only the lists (the scenario is gone). */
export function OverviewTab({ data, onChanged, onDeleted }: { data: ScenarioResponse; onChanged: () => Promise<unknown>; onDeleted: () => Promise<unknown> }) {
  const { scenario, status } = data;
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const link = useLinks();
  const list = link(ROUTES.ScenarioList, { id: scenario.projectID });

  const remove = useAction(async () => {
    await api.delete(`scenarios/${scenario.id}`);
    await onDeleted();
    if (list) navigate(list);
  });

  return (
    <Stack>
      <SettingsTable data={data} />
      {!status.isRunning && !status.canRun && (
        <Alert color="yellow" data-testid="run-blocked">
          {SCENARIO_MESSAGES.runBlocked} {status.runLimit} <TierLink />
        </Alert>
      )}
      {!status.isRunning && (
        <Group>
          <Button variant="default" onClick={() => setDialog('edit')} data-testid="edit-settings">
            Edit settings
          </Button>
          {status.canRun && (
            <Button onClick={() => setDialog('run')} data-testid="run-open">
              Run scenario
            </Button>
          )}
          <Button variant="default" onClick={() => setDialog('copy')} data-testid="copy-open">
            Copy
          </Button>
          <Button
            variant="light"
            color="red"
            onClick={() => {
              remove.setError(null);
              setDialog('delete');
            }}
            data-testid="delete-open"
          >
            Delete
          </Button>
        </Group>
      )}
      {dialog === 'edit' && (
        <EditSettingsModal
          scenario={scenario}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void onChanged();
          }}
        />
      )}
      {dialog === 'run' && (
        <RunModal
          scenario={scenario}
          onClose={() => setDialog(null)}
          onStarted={() => {
            setDialog(null);
            void onChanged();
          }}
        />
      )}
      {dialog === 'copy' && (
        <CopyModal
          scenario={scenario}
          onClose={() => setDialog(null)}
          onCopied={(newId) => {
            setDialog(null);
            void onChanged();
            const copy = link(ROUTES.ScenarioView, { id: scenario.projectID, scenarioID: newId });
            if (copy) navigate(copy);
          }}
        />
      )}
      <ConfirmDialog
        opened={dialog === 'delete'}
        title="Delete scenario"
        confirmLabel="Delete"
        danger
        locked
        busy={remove.busy}
        error={remove.error}
        onCancel={() => setDialog(null)}
        onConfirm={() => void remove.run()}
      >
        {`Are you sure you want to delete the scenario ${scenario.name}? Its input changes and outputs are deleted too. This cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  );
}
