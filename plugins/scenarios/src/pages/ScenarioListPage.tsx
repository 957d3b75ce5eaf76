// Scenario list /projects/:id/scenarios (spec 2 §2): the grid, 10 a page by last modified date,
// delete per row; Create hidden outside the tier's limits, with the warning and the tier link.
import { ActionIcon, Alert, Button, Loader, Text, Tooltip } from '@mantine/core';
import { ConfirmDialog, DataGrid, ErrorList, Link, PageLayout, ROUTES, RouteLink, TierLink, api, useLinks, useAction, useApiQuery, type GridColumn, type PageProps } from '@headwater/plugin-sdk';
import { useState } from 'react';
import { Crumbs } from '../components/Crumbs.tsx';
import { useInvalidateScenarios, useProject } from '../hooks.ts';
import { GRID_PER_PAGE, GRID_SORT, lastActivity } from '../logic.ts';
import type { ScenarioOptions, ScenarioRow } from '../types.ts';

export function scenarioColumns(projectID: string, onDelete: (row: ScenarioRow) => void): GridColumn<ScenarioRow>[] {
  return [
    {
      key: 'name',
      title: 'Name',
      sortable: true,
      render: (r) => (
        <RouteLink to={ROUTES.ScenarioView} params={{ id: projectID, scenarioID: r.id }} plain data-testid={`scenario-link-${r.id}`}>
          {r.name}
        </RouteLink>
      ),
    },
    { key: 'hasRun', title: 'Has run', sortable: true, render: (r) => (r.hasRun ? 'Yes' : 'No') },
    {
      key: 'isRunning',
      title: 'Running',
      align: 'center',
      render: (r) =>
        r.isRunning ? (
          <Loader size="xs" aria-label="Running" data-testid={`running-${r.id}`} />
        ) : r.hasError ? (
          <Text size="sm" c="red">
            Error
          </Text>
        ) : null,
    },
    { key: 'lastModifiedDate', title: 'Last run or modified', sortable: true, render: (r) => lastActivity(r) },
    {
      key: 'delete',
      title: '',
      align: 'right',
      render: (r) => (
        <Tooltip label="Delete">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${r.name}`} disabled={!!r.isRunning} onClick={() => onDelete(r)} data-testid={`delete-${r.id}`}>
            ✕
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
}

export function ScenarioListPage({ params }: PageProps) {
  const id = params.id!;
  const project = useProject(id);
  const options = useApiQuery<ScenarioOptions>(`scenarios/options/${id}`);
  const invalidate = useInvalidateScenarios(id);
  const [toDelete, setToDelete] = useState<ScenarioRow | null>(null);
  const tier = options.data?.tierLimits;
  const canCreate = !!options.data && tier?.withinLimits !== false;
  const create = useLinks()(ROUTES.ScenarioCreate, { id });

  const remove = useAction(async (row: ScenarioRow) => {
    await api.delete(`scenarios/${row.id}`);
    await invalidate(row.id);
    setToDelete(null);
  });

  return (
    <PageLayout
      title="Scenarios"
      documentTitle={project.data ? `Scenarios · ${project.data.project.name}` : 'Scenarios'}
      actions={
        canCreate &&
        create && (
          <Button component={Link} to={create} data-testid="create-scenario">
            Create scenario
          </Button>
        )
      }
    >
      <Crumbs projectID={id} projectName={project.data?.project.name} trail={[{ label: 'Scenarios' }]} />
      <ErrorList error={options.error} />
      {tier && !tier.withinLimits && (
        <Alert color="yellow" data-testid="tier-warning">
          {tier.message} <TierLink />
        </Alert>
      )}
      <DataGrid<ScenarioRow>
        api={`projects/scenarios/${id}`}
        columns={scenarioColumns(id, (r) => {
          remove.setError(null);
          setToDelete(r);
        })}
        rowKey={(r) => r.id}
        items="scenarios"
        perPage={GRID_PER_PAGE}
        defaultSort={GRID_SORT}
      />
      <ConfirmDialog
        opened={!!toDelete}
        title="Delete scenario"
        confirmLabel="Delete"
        danger
        locked
        busy={remove.busy}
        error={remove.error}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void (toDelete && remove.run(toDelete))}
      >
        {toDelete ? `Are you sure you want to delete the scenario ${toDelete.name}? Its input changes and outputs are deleted too. This cannot be undone.` : ''}
      </ConfirmDialog>
    </PageLayout>
  );
}
