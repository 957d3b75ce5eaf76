// The project's feedback and error reports (spec 1 §2 'errors (create, :reportID)', spec 2 §3
// 'Error report', §9: 50 a page, newest first): the list, the form (the SDK's ErrorReportForm,
// which the scenario error view uses too) and one report, read only.
import { Anchor, Badge, Button, Paper, Stack, Table, Text } from '@mantine/core';
import {
  DataGrid,
  ERROR_REPORT_MESSAGES,
  ErrorList,
  ErrorReportForm,
  Link,
  MESSAGES,
  SuccessAlert,
  formatDateTime,
  queryFallback,
  useApiQuery,
  ROUTES,
  useLinks,
  useLocation,
  useNavigate,
  type ErrorReport,
  type GridColumn,
  type PageProps,
} from '@headwater/plugin-sdk';
import { useCallback, useState, type ReactNode } from 'react';
import { ProjectFrame, useInvalidateProject } from '../project.tsx';
import type { ErrorReportRow } from '../types.ts';

export const ERROR_REPORT_GRID = { perPage: 50, sort: 'dateSubmitted_desc' } as const;
const LIST_TITLE = 'Feedback and error reports';
const STATUS_COLOR: Record<string, string> = { Submitted: 'blue', Working: 'orange', Resolved: 'green' };

type Links = ReturnType<typeof useLinks>;

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status] ?? 'gray'} data-testid="report-status">
      {status}
    </Badge>
  );
}

function reportColumns(id: string, link: Links): GridColumn<ErrorReportRow>[] {
  return [
    {
      key: 'title',
      title: 'Title',
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={link(ROUTES.ProjectErrorReport, { id, reportID: r.id }) ?? ''} data-testid={`report-link-${r.id}`}>
          {r.title}
        </Anchor>
      ),
    },
    {
      key: 'scenario',
      title: 'Scenario',
      sortable: true,
      render: (r) =>
        r.scenarioId && link(ROUTES.ScenarioView, { id, scenarioID: r.scenarioId }) ? (
          <Anchor component={Link} to={link(ROUTES.ScenarioView, { id, scenarioID: r.scenarioId })!}>
            {r.scenario}
          </Anchor>
        ) : (
          r.scenario
        ),
    },
    { key: 'status', title: 'Status', sortable: true, render: (r) => <StatusBadge status={r.status} /> },
    { key: 'dateSubmitted', title: 'Submitted', sortable: true, render: (r) => formatDateTime(r.dateSubmitted) },
  ];
}

/** /projects/:id/errors: the project's reports, newest first; 'Error report submitted.' after the form. */
export function ErrorReportsPage({ params }: PageProps) {
  const id = params.id!;
  const location = useLocation();
  const [submitted, setSubmitted] = useState(!!(location.state as { submitted?: boolean } | null)?.submitted);
  const closeSubmitted = useCallback(() => setSubmitted(false), []);
  const link = useLinks();
  const create = link(ROUTES.ProjectErrorReportCreate, { id });
  return (
    <ProjectFrame
      id={id}
      page={LIST_TITLE}
      actions={() =>
        create && (
          <Button component={Link} to={create} data-testid="report-create">
            Submit an error report
          </Button>
        )
      }
    >
      {() => (
        <Stack>
          <SuccessAlert show={submitted} message={ERROR_REPORT_MESSAGES.submitted} onClose={closeSubmitted} />
          <DataGrid<ErrorReportRow>
            api={`errorreports/project/${id}`}
            columns={reportColumns(id, link)}
            rowKey={(r) => r.id}
            items="error reports"
            perPage={ERROR_REPORT_GRID.perPage}
            defaultSort={ERROR_REPORT_GRID.sort}
            exportPath={`errorreports/project/${id}?format=csv`}
          />
        </Stack>
      )}
    </ProjectFrame>
  );
}

/** /projects/:id/errors/create: title and comments; a project in error sends its message and
 * exception along and may clear the error once the report is in. */
export function CreateErrorReportPage({ params }: PageProps) {
  const id = params.id!;
  const navigate = useNavigate();
  const invalidate = useInvalidateProject(id);
  const list = useLinks()(ROUTES.ProjectErrorReports, { id });
  return (
    <ProjectFrame id={id} page="Submit an error report" crumbs={[{ label: LIST_TITLE, to: list }]} showError={false}>
      {(data) => {
        const s = data.status?.hasError ? data.status : undefined;
        return (
          <Paper withBorder p="md" maw={760}>
            <ErrorReportForm
              projectID={data.project.id}
              message={s?.statusMessage}
              exception={s?.exceptionMessage}
              showDetails
              clearErrorLabel={s ? 'Clear the error from this project' : undefined}
              onCancel={() => list && navigate(list)}
              onSubmitted={({ clearedError }) => {
                if (clearedError) void invalidate();
                if (list) navigate(list, { state: { submitted: true } });
              }}
            />
          </Paper>
        );
      }}
    </ProjectFrame>
  );
}

/** /projects/:id/errors/:reportID: one report, read only. */
export function ErrorReportPage({ params }: PageProps) {
  const id = params.id!;
  const reportID = params.reportID!;
  const report = useApiQuery<ErrorReport>(`errorreports/${reportID}`);
  const r = report.data;
  const scenarios = useApiQuery<{ id: number; name: string }[]>(r?.scenarioID ? `projects/scenarios/listall/${id}` : null, { retry: false });
  const link = useLinks();
  const scenarioView = r?.scenarioID ? link(ROUTES.ScenarioView, { id, scenarioID: r.scenarioID }) : undefined;
  const row = (label: string, value: ReactNode, testId: string) => (
    <Table.Tr>
      <Table.Th w={160} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td data-testid={testId}>{value}</Table.Td>
    </Table.Tr>
  );
  const pre = (text: string) => (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Text>
  );
  return (
    <ProjectFrame id={id} page="Error report" crumbs={[{ label: LIST_TITLE, to: link(ROUTES.ProjectErrorReports, { id }) }]}>
      {() => {
        if (!r) return queryFallback(report);
        // A report of another project is not this page's (the id in the URL is wrong).
        if (String(r.projectID) !== String(id)) return <ErrorList error={MESSAGES.notFound} />;
        const scenarioName = scenarios.data?.find((s) => s.id === r.scenarioID)?.name ?? `Scenario ${r.scenarioID}`;
        return (
          <Table withTableBorder data-testid="error-report">
            <Table.Tbody>
              {row('Title', r.title, 'report-view-title')}
              {row('Status', <StatusBadge status={r.status} />, 'report-view-status')}
              {row('Submitted', formatDateTime(r.dateSubmitted), 'report-view-submitted')}
              {r.scenarioID &&
                row(
                  'Scenario',
                  scenarioView ? (
                    <Anchor component={Link} to={scenarioView}>
                      {scenarioName}
                    </Anchor>
                  ) : (
                    scenarioName
                  ),
                  'report-view-scenario',
                )}
              {row('Comments', <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{r.userComments}</Text>, 'report-view-comments')}
              {r.message && row('Message', r.message, 'report-view-message')}
              {r.exception && row('Exception', pre(r.exception), 'report-view-exception')}
            </Table.Tbody>
          </Table>
        );
      }}
    </ProjectFrame>
  );
}
