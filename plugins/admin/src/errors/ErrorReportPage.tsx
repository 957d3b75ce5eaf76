// One feedback or error report (AdminErrorReport, /admin/errors/{id}; spec 3 §3 Admin error report,
// §4: an administrator may set any status; the resolution date is shown when present; §5: no
// validation). Saving can e-mail the reply to the user and a copy to another address; the user
// is notified of a new status or reply and reads it at /feedback/{id}. Back goes to the list.
import { Badge, Button, Checkbox, Group, Select, Table, Text, TextInput, Textarea } from '@mantine/core';
import { ConfirmDialog, ERROR_REPORT_STATUSES, ErrorList, PageLayout, ROUTES, RouteLink, SuccessAlert, formatDateTime, queryFallback, useApiMutation, useApiQuery, useLinks, type PageProps } from '@headwater/plugin-sdk';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { STATUS_COLOR } from './ErrorsPage.tsx';

type AdminErrorReport = {
  id: number;
  title: string;
  message: string;
  exception: string;
  userComments: string;
  status: string;
  developerComments: string;
  resolvedBy: string | null;
  resolvedDate: string | null;
  dateSubmitted: string;
  userID: number | null;
  userName: string | null;
  userEmail: string | null;
  project: string | null;
  projectID: number | null;
  scenario: string | null;
  scenarioID: number | null;
  emailedUserAt: string | null;
  ccEmail: string;
};
type Form = { title: string; message: string; status: string; developerComments: string; resolvedBy: string; emailUser: boolean; ccEmail: string };

export function ErrorReportPage({ params }: PageProps) {
  const id = params.id;
  const query = useApiQuery<AdminErrorReport>(`admin/errorreports/${id}`);
  const r = query.data;
  const [form, setForm] = useState<Form>();
  const [saved, setSaved] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const navigate = useNavigate();
  const list = useLinks()(ROUTES.AdminErrors);
  useEffect(() => {
    if (r) setForm({ title: r.title, message: r.message, status: r.status, developerComments: r.developerComments, resolvedBy: r.resolvedBy ?? '', emailUser: false, ccEmail: '' });
  }, [r]);
  const save = useApiMutation<Form & { id: number }, AdminErrorReport>('PUT', `admin/errorreports/${id}`, { invalidate: ['admin/errorreports', 'errorreports'], onSuccess: () => setSaved(true) });
  const remove = useApiMutation<void, unknown>('DELETE', `admin/errorreports/${id}`, {
    invalidate: ['admin/errorreports'],
    onSuccess: () => {
      if (list) navigate(list);
    },
  });
  if (!r || !form) return queryFallback(query, 'Feedback or error report');

  const row = (label: string, value: ReactNode, testId?: string) => (
    <Table.Tr>
      <Table.Th w={180} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td data-testid={testId}>{value}</Table.Td>
    </Table.Tr>
  );
  const pre = (text: string, mono = false) => (
    <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Text>
  );
  return (
    <PageLayout
      title="Feedback or error report"
      actions={
        list && (
          <Button variant="default" component={Link} to={list} data-testid="admin-error-back">
            Back
          </Button>
        )
      }
    >
      <SuccessAlert show={saved} onClose={() => setSaved(false)} />
      <ErrorList error={save.error} />
      <Table withTableBorder data-testid="admin-error-report">
        <Table.Tbody>
          {row(
            'Status',
            <Badge variant="light" color={STATUS_COLOR[r.status] ?? 'gray'} data-testid="admin-error-status">
              {r.status}
            </Badge>,
          )}
          {row('Submitted', `${formatDateTime(r.dateSubmitted)}${r.userName ? ` by ${r.userName}` : ''}${r.userEmail ? ` (${r.userEmail})` : ''}`)}
          {row(
            'Project',
            r.projectID ? (
              <RouteLink to={ROUTES.ProjectView} params={{ id: r.projectID }}>
                {r.project ?? `Project ${r.projectID}`}
              </RouteLink>
            ) : (
              'General feedback'
            ),
          )}
          {r.projectID && r.scenarioID
            ? row(
                'Scenario',
                <RouteLink to={ROUTES.ScenarioView} params={{ id: r.projectID, scenarioID: r.scenarioID }}>
                  {r.scenario ?? `Scenario ${r.scenarioID}`}
                </RouteLink>,
              )
            : null}
          {row('User comments', pre(r.userComments), 'admin-error-comments')}
          {r.exception ? row('Exception', pre(r.exception, true)) : null}
          {r.resolvedDate ? row('Resolved', `${formatDateTime(r.resolvedDate)}${r.resolvedBy ? ` by ${r.resolvedBy}` : ''}`, 'admin-error-resolved') : null}
          {r.emailedUserAt ? row('Reply e-mailed', `${formatDateTime(r.emailedUserAt)}${r.ccEmail ? ` (copy to ${r.ccEmail})` : ''}`) : null}
        </Table.Tbody>
      </Table>

      <TextInput label="Title" value={form.title} onChange={(e) => setForm({ ...form, title: e.currentTarget.value })} />
      <Textarea label="Message" autosize minRows={2} value={form.message} onChange={(e) => setForm({ ...form, message: e.currentTarget.value })} />
      <Select label="Status" data={[...ERROR_REPORT_STATUSES]} value={form.status} onChange={(v) => v && setForm({ ...form, status: v })} allowDeselect={false} w={240} data-testid="admin-error-status-select" />
      <Textarea
        label="Developer comments"
        description="The reply the user reads with their report."
        autosize
        minRows={4}
        value={form.developerComments}
        onChange={(e) => setForm({ ...form, developerComments: e.currentTarget.value })}
        data-testid="admin-error-developer-comments"
      />
      <TextInput label="Resolved by" description="Left empty, the administrator who resolves it." value={form.resolvedBy} onChange={(e) => setForm({ ...form, resolvedBy: e.currentTarget.value })} w={320} />
      <Checkbox label={`E-mail the reply to the user${r.userEmail ? ` (${r.userEmail})` : ''}`} checked={form.emailUser} disabled={!r.userEmail} onChange={(e) => setForm({ ...form, emailUser: e.currentTarget.checked })} data-testid="admin-error-email-user" />
      <TextInput label="Send a copy to (cc)" type="email" value={form.ccEmail} onChange={(e) => setForm({ ...form, ccEmail: e.currentTarget.value })} error={save.error?.fieldErrors.ccEmail?.join(' ')} w={320} />
      <Group>
        <Button onClick={() => save.mutate({ ...form, id: r.id })} loading={save.isPending} data-testid="admin-error-save">
          Save
        </Button>
        <Button color="red" variant="light" onClick={() => setConfirmDelete(true)} data-testid="admin-error-delete">
          Delete
        </Button>
        {r.userID && (
          <Text size="sm" c="dimmed">
            The user is notified when the status or the reply changes.
          </Text>
        )}
      </Group>
      <ConfirmDialog opened={confirmDelete} title="Delete this report?" danger locked busy={remove.isPending} error={remove.error} confirmLabel="Delete" onConfirm={() => remove.mutate(undefined)} onCancel={() => setConfirmDelete(false)}>
        The report and its reply are deleted permanently.
      </ConfirmDialog>
    </PageLayout>
  );
}
