// Submit Error Report (spec 2 §3, §5): title and comments required; the run's status message
// and exception go with them; optionally clears the scenario's error.
import { Button, Checkbox, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { ErrorList, MESSAGES, api } from '@headwater/plugin-sdk';
import { useState, type FormEvent } from 'react';
import type { ScenarioStatus } from '../types.ts';

export type ErrorReportModalProps = { projectID: number; scenarioID: number; status: ScenarioStatus; onClose: () => void; onSubmitted: (clearedError: boolean) => void };

export function ErrorReportModal({ projectID, scenarioID, status, onClose, onSubmitted }: ErrorReportModalProps) {
  const [title, setTitle] = useState('');
  const [comments, setComments] = useState('');
  const [clearError, setClearError] = useState(false);
  const [problems, setProblems] = useState<{ title?: string; userComments?: string }>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const p = { title: title.trim() ? undefined : MESSAGES.required, userComments: comments.trim() ? undefined : MESSAGES.required };
    setProblems(p);
    if (p.title || p.userComments) return;
    setBusy(true);
    setError(null);
    try {
      await api.post('errorreports', {
        projectID,
        scenarioID,
        title: title.trim(),
        message: status.statusMessage ?? '',
        exception: status.exceptionMessage ?? '',
        userComments: comments.trim(),
        clearError,
      });
      onSubmitted(clearError);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Submit Error Report" size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput label="Title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={problems.title} data-autofocus data-testid="report-title" />
          <Textarea label="Comments" description="What were you doing when the error happened?" required rows={4} value={comments} onChange={(e) => setComments(e.currentTarget.value)} error={problems.userComments} data-testid="report-comments" />
          <Checkbox label="Clear the error from this scenario" checked={clearError} onChange={(e) => setClearError(e.currentTarget.checked)} data-testid="report-clear-error" />
          <ErrorList error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} data-testid="report-submit">
              Submit Error Report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
