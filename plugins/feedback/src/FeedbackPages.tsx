// Feedback and error reports for users (spec 1 §2 '/feedback with create and :reportID', §9: 50 a
// page by dateSubmitted descending): the user's own reports and feedback, general feedback not
// tied to a project, and one report with its status and the administrator's reply once the
// admin area sets one. GET errorreports (the user's), POST errorreports (no projectID), GET
// errorreports/{id}.
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import {
  ApiError,
  DataGrid,
  ErrorList,
  GROUP_PAGE_SIZES,
  Link,
  MESSAGES,
  PageLayout,
  ROUTES,
  RouteLink,
  SITE_ROOT,
  SuccessAlert,
  api,
  formatDateTime,
  queryFallback,
  useAction,
  useApiQuery,
  useLinks,
  useLiveStatus,
  useLocation,
  useNavigate,
  useSession,
  type GridColumn,
  type PageProps,
} from '@headwater/plugin-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';

export const FEEDBACK_MESSAGES = {
  title: 'Feedback and error reports',
  submitted: 'Thank you. Your feedback has been submitted.',
  noReply: 'No reply from an administrator yet.',
} as const;

const STATUS_COLOR: Record<string, string> = { Submitted: 'blue', Working: 'orange', Resolved: 'green' };

/** A row of GET errorreports. */
export type FeedbackRow = { id: number; title: string; project: string; projectID: number | null; scenario: string; scenarioID: number | null; status: string; hasReply: boolean; dateSubmitted: string };

/** GET errorreports/{id}. */
export type FeedbackReport = {
  id: number;
  title: string;
  projectID: number | null;
  project: string | null;
  scenarioID: number | null;
  scenario: string | null;
  message: string;
  exception: string;
  userComments: string;
  status: string;
  dateSubmitted: string;
  developerComments: string;
  resolvedBy: string | null;
  resolvedDate: string | null;
};

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status] ?? 'gray'} data-testid="feedback-status">
      {status}
    </Badge>
  );
}

const COLUMNS: GridColumn<FeedbackRow>[] = [
  {
    key: 'title',
    title: 'Title',
    sortable: true,
    render: (r) => (
      <RouteLink to={ROUTES.FeedbackReport} params={{ reportID: r.id }} plain data-testid={`feedback-link-${r.id}`}>
        {r.title}
      </RouteLink>
    ),
  },
  {
    key: 'project',
    title: 'Project',
    sortable: true,
    render: (r) =>
      r.projectID ? (
        <RouteLink to={ROUTES.ProjectView} params={{ id: r.projectID }} plain>
          {r.project}
        </RouteLink>
      ) : (
        <Text size="sm" c="dimmed">
          General feedback
        </Text>
      ),
  },
  { key: 'scenario', title: 'Scenario', sortable: true },
  { key: 'status', title: 'Status', sortable: true, render: (r) => <StatusBadge status={r.status} /> },
  { key: 'hasReply', title: 'Reply', render: (r) => (r.hasReply ? 'Yes' : '') },
  { key: 'dateSubmitted', title: 'Submitted', sortable: true, render: (r) => formatDateTime(r.dateSubmitted) },
];

/** /feedback: the user's reports and feedback, newest first, 50 a page. */
export function FeedbackListPage() {
  const location = useLocation();
  const [submitted, setSubmitted] = useState(!!(location.state as { submitted?: boolean } | null)?.submitted);
  const close = useCallback(() => setSubmitted(false), []);
  const create = useLinks()(ROUTES.FeedbackCreate);
  return (
    <PageLayout
      title={FEEDBACK_MESSAGES.title}
      actions={
        create && (
          <Button component={Link} to={create} data-testid="feedback-create">
            Submit feedback
          </Button>
        )
      }
    >
      <SuccessAlert show={submitted} message={FEEDBACK_MESSAGES.submitted} onClose={close} />
      <DataGrid<FeedbackRow>
        api="errorreports"
        items="feedback or error reports"
        columns={COLUMNS}
        rowKey={(r) => r.id}
        perPage={GROUP_PAGE_SIZES.feedback}
        defaultSort="dateSubmitted_desc"
        exportPath="errorreports?format=csv"
      />
    </PageLayout>
  );
}

/** /feedback/create: general feedback (no project): a title and comments, both required. */
export function FeedbackCreatePage() {
  const [title, setTitle] = useState('');
  const [comments, setComments] = useState('');
  const [problems, setProblems] = useState<{ title?: string; userComments?: string }>({});
  const navigate = useNavigate();
  const client = useQueryClient();
  const list = useLinks()(ROUTES.FeedbackList);
  const send = useAction(async () => {
    try {
      await api.post<{ id: number }>('errorreports', { projectID: null, scenarioID: null, title: title.trim(), message: '', exception: '', userComments: comments.trim(), clearError: false });
    } catch (e) {
      if (e instanceof ApiError) setProblems({ title: e.fieldErrors.title?.join(' '), userComments: e.fieldErrors.userComments?.join(' ') });
      throw e;
    }
    await client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && String(q.queryKey[1] ?? '').startsWith('errorreports') });
    navigate(list ?? SITE_ROOT, { state: { submitted: true } });
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = { title: title.trim() ? undefined : MESSAGES.required, userComments: comments.trim() ? undefined : MESSAGES.required };
    setProblems(p);
    if (!p.title && !p.userComments) void send.run();
  };
  return (
    <PageLayout title="Submit feedback" size="md">
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate data-testid="feedback-form">
          <Stack>
            <Text size="sm" c="dimmed">
              Tell us about a problem, a question or an idea that is not about one project. To report an error in a project or a scenario run, use Feedback and error reports on its page.
            </Text>
            <TextInput label="Title" required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={problems.title} data-autofocus data-testid="feedback-title" />
            <Textarea label="Comments" required autosize minRows={5} value={comments} onChange={(e) => setComments(e.currentTarget.value)} error={problems.userComments} data-testid="feedback-comments" />
            <ErrorList error={send.error} />
            <Group justify="flex-end">
              {list && (
                <Button variant="default" component={Link} to={list} disabled={send.busy}>
                  Cancel
                </Button>
              )}
              <Button type="submit" loading={send.busy} data-testid="feedback-submit">
                Submit
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageLayout>
  );
}

/** /feedback/:reportID: the report, its status and the administrator's reply. */
export function FeedbackReportPage({ params }: PageProps) {
  const query = useApiQuery<FeedbackReport>(`errorreports/${params.reportID}`);
  // an administrator's answer comes with a notification: the report reloads when one arrives
  const userName = useSession().user?.userName;
  useLiveStatus(userName ? `user:${userName}` : null, 'user-notification-status-changed', () => void query.refetch());
  const r = query.data;
  const list = useLinks()(ROUTES.FeedbackList);
  const fallback = queryFallback(query, 'Feedback or error report');
  if (!r) return fallback;
  const row = (label: string, value: ReactNode, testId: string) => (
    <Table.Tr>
      <Table.Th w={180} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td data-testid={testId}>{value}</Table.Td>
    </Table.Tr>
  );
  const pre = (text: string) => (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Text>
  );
  return (
    <PageLayout
      title={r.title}
      actions={
        list && (
          <Button variant="default" component={Link} to={list}>
            Back
          </Button>
        )
      }
    >
      <Table withTableBorder data-testid="feedback-report">
        <Table.Tbody>
          {row('Status', <StatusBadge status={r.status} />, 'feedback-view-status')}
          {row('Submitted', formatDateTime(r.dateSubmitted), 'feedback-view-submitted')}
          {row(
            'Project',
            r.projectID ? (
              <RouteLink to={ROUTES.ProjectView} params={{ id: r.projectID }} plain>
                {r.project ?? `Project ${r.projectID}`}
              </RouteLink>
            ) : (
              'General feedback'
            ),
            'feedback-view-project',
          )}
          {r.projectID && r.scenarioID
            ? row(
                'Scenario',
                <RouteLink to={ROUTES.ScenarioView} params={{ id: r.projectID, scenarioID: r.scenarioID }} plain>
                  {r.scenario ?? `Scenario ${r.scenarioID}`}
                </RouteLink>,
                'feedback-view-scenario',
              )
            : null}
          {row('Comments', pre(r.userComments), 'feedback-view-comments')}
          {r.message ? row('Message', r.message, 'feedback-view-message') : null}
          {r.exception ? row('Exception', <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>{r.exception}</Text>, 'feedback-view-exception') : null}
          {row('Reply from an administrator', r.developerComments ? pre(r.developerComments) : <Text size="sm" c="dimmed">{FEEDBACK_MESSAGES.noReply}</Text>, 'feedback-view-reply')}
          {r.resolvedDate ? row('Resolved', `${formatDateTime(r.resolvedDate)}${r.resolvedBy ? ` by ${r.resolvedBy}` : ''}`, 'feedback-view-resolved') : null}
        </Table.Tbody>
      </Table>
    </PageLayout>
  );
}
