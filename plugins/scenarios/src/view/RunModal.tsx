// Run (spec 2 §3, §4): the run request's options, POST scenarios/run/{id}. Skipping the model
// run forces skipping output processing; the SQLite choice belongs to the editor tables: the run
// writes them as SQLite (SWAT2012.sqlite, in the scenario's downloads); Access (.mdb) cannot be
// written on the server, so choosing it says so here and the server refuses it in the same words.
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorList, api, useAction } from '@headwater/plugin-sdk';
import { useState } from 'react';
import { fmtSeconds, initialRunRequest, setRunOption } from '../logic.ts';
import type { RunRequest, Scenario } from '../types.ts';

/** The server's answer to Access-format editor tables (scenarios/run/editor-tables.ts). */
export const EDITOR_TABLES_ACCESS_MESSAGE = 'SWAT Editor input tables in Access format (.mdb) are not available on this server: use SQLite.';

export type RunModalProps = { scenario: Scenario; onClose: () => void; onStarted: () => void };

export function RunModal({ scenario, onClose, onStarted }: RunModalProps) {
  const [req, setReq] = useState<RunRequest>(() => initialRunRequest(scenario));
  const accessChosen = !!req.createEditorTables && !req.writeEditorTablesAsSqlite;
  const estimate = req.createEditorTables ? (scenario.runtimeEstimateWithEditor ?? scenario.runtimeEstimate) : scenario.runtimeEstimate;

  const box = (key: keyof RunRequest, label: string, extra: { disabled?: boolean; description?: string } = {}) => (
    <Checkbox label={label} description={extra.description} checked={req[key]} disabled={extra.disabled || busy} onChange={(e) => setReq(setRunOption(req, key, e.currentTarget.checked))} data-testid={`run-${key}`} />
  );

  const { run, busy, error } = useAction(async () => {
    await api.post(`scenarios/run/${scenario.id}`, req);
    onStarted();
  });

  return (
    <Modal opened onClose={onClose} title={`Run ${scenario.name}`} size="lg">
      <Stack>
        {box('createEditorTables', 'Create SWAT Editor input tables', { description: 'Writes the input tables of this run for SWAT Editor (a SQLite project database in the scenario downloads).' })}
        {req.createEditorTables && box('writeEditorTablesAsSqlite', 'Write the tables as SQLite instead of Access (.mdb)')}
        {accessChosen && (
          <Alert color="yellow" data-testid="run-editor-access">
            {EDITOR_TABLES_ACCESS_MESSAGE}
          </Alert>
        )}
        {box('sendEmailNotification', 'Send me an e-mail when the run is done')}
        {box('skipModelRun', 'Skip the model run', { description: 'Writes the SWAT input files only.' })}
        {box('skipOutputProcessing', 'Skip output processing', { disabled: req.skipModelRun, description: 'Output charts, maps and checks need processed outputs.' })}
        {scenario.canIncludeModflow && box('includeModflow', 'Include MODFLOW')}
        {!!estimate && (
          <Text size="sm" c="dimmed" data-testid="run-estimate">
            Estimated run time: {fmtSeconds(estimate)}
          </Text>
        )}
        <ErrorList error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void run()} loading={busy} disabled={accessChosen} data-testid="run-submit">
            Run scenario
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
