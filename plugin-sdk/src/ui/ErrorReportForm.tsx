// The error report form (spec 2 §3 'Error report', §5: title and comments required), used by the
// scenario run's error view, the project's error view and the project's error report page.
// POST errorreports { projectID, scenarioID, title, message, exception, userComments, clearError } → { id }.
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useAction } from '../api/actions.ts';
import { ApiError, api } from '../api/client.ts';
import { MESSAGES } from '../messages.ts';
import { ErrorList } from './ErrorList.tsx';

export const ERROR_REPORT_MESSAGES = {
  submitted: 'Error report submitted.',
} as const;

export const ERROR_REPORT_STATUSES = ['Submitted', 'Working', 'Resolved'] as const;

export type ErrorReportBody = {
  projectID: number | null;
  scenarioID: number | null;
  title: string;
  message: string;
  exception: string;
  userComments: string;
  clearError: boolean;
};

/** A stored report (GET errorreports/{id}); status one of ERROR_REPORT_STATUSES. */
export type ErrorReport = Omit<ErrorReportBody, 'clearError'> & { id: number; status: string; dateSubmitted: string };

export type ErrorReportFormProps = {
  projectID: number | null;
  scenarioID?: number | null;
  /** The status message and exception sent with the report (the project's or the run's). */
  message?: string | null;
  exception?: string | null;
  /** Shows the message and exception above the fields (when the page does not show them already). */
  showDetails?: boolean;
  /** Offers to clear the error once the report is in, with this label; no choice without it. */
  clearErrorLabel?: string;
  submitLabel?: string;
  onCancel?: () => void;
  onSubmitted: (result: { id: number; clearedError: boolean }) => void;
};

type Problems = { title?: string; userComments?: string };

export function ErrorReportForm({ projectID, scenarioID = null, message, exception, showDetails = false, clearErrorLabel, submitLabel = 'Submit Error Report', onCancel, onSubmitted }: ErrorReportFormProps) {
  const [title, setTitle] = useState('');
  const [comments, setComments] = useState('');
  const [clearError, setClearError] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const client = useQueryClient();
  const send = useAction(async (body: ErrorReportBody) => {
    try {
      const r = await api.post<{ id: number }>('errorreports', body);
      // Report lists cached by any page (the shell keeps data 30 s) show the new one.
      await client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && String(q.queryKey[1] ?? '').startsWith('errorreports') });
      onSubmitted({ id: r?.id, clearedError: body.clearError });
    } catch (e) {
      // The server's field messages go by their field too.
      if (e instanceof ApiError) setProblems({ title: e.fieldErrors.title?.join(' '), userComments: e.fieldErrors.userComments?.join(' ') });
      throw e;
    }
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p: Problems = { title: title.trim() ? undefined : MESSAGES.required, userComments: comments.trim() ? undefined : MESSAGES.required };
    setProblems(p);
    if (p.title || p.userComments) return;
    void send.run({
      projectID,
      scenarioID,
      title: title.trim(),
      message: message ?? '',
      exception: exception ?? '',
      userComments: comments.trim(),
      clearError: !!clearErrorLabel && clearError,
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="error-report-form">
      <Stack>
        {showDetails && message && (
          <div>
            <Text size="sm" fw={600}>
              Message
            </Text>
            <Text size="sm" data-testid="report-message">
              {message}
            </Text>
          </div>
        )}
        {showDetails && exception && (
          <div>
            <Text size="sm" fw={600}>
              Exception
            </Text>
            <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }} data-testid="report-exception">
              {exception}
            </Text>
          </div>
        )}
        <TextInput label="Title" required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={problems.title} data-autofocus data-testid="report-title" />
        <Textarea
          label="Comments"
          description="What were you doing when the error happened?"
          required
          rows={4}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
          error={problems.userComments}
          data-testid="report-comments"
        />
        {clearErrorLabel && <Checkbox label={clearErrorLabel} checked={clearError} onChange={(e) => setClearError(e.currentTarget.checked)} data-testid="report-clear-error" />}
        <ErrorList error={send.error} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={send.busy}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={send.busy} data-testid="report-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The form in a modal titled 'Submit Error Report'; Cancel closes it. */
export function ErrorReportModal({ onClose, ...form }: Omit<ErrorReportFormProps, 'onCancel'> & { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Submit Error Report" size="lg">
      <ErrorReportForm {...form} onCancel={onClose} />
    </Modal>
  );
}
