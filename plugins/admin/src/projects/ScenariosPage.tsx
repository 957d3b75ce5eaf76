// /admin/projects/scenarios (spec 3 §2.3, §3 Admin scenario row, §7): every user's scenarios,
// 50 a page, with CSV export; each row opens projects/{projectID}/scenarios/{id} (support
// access, recorded by the server). Delete (Admin only) goes through DELETE scenarios/{id}.
import { Button, Checkbox, Group, Text } from '@mantine/core';
import { ConfirmDialog, DataGrid, Link, PageLayout, ROUTES, RouteLink, formatDateTime, useLinks, useSession, type GridColumn } from '@headwater/plugin-sdk';
import { useSelectedDelete } from '../common/useSelectedDelete.ts';

export type AdminScenarioRow = {
  id: number;
  name: string;
  project: string;
  projectID: number;
  userName: string;
  lastModifiedDate: string;
  hasRun: boolean;
  weatherDataset: string;
  startingSimulationDate: string;
  endingSimulationDate: string;
  skipYears: number;
  printSetting: number;
  swatVersion: string;
};

const PRINT = ['Monthly', 'Daily', 'Yearly'];

export function ScenariosPage() {
  const session = useSession();
  const link = useLinks();
  const { selected, rows, toggle, deleting, setDeleting, busy, error, removeSelected } = useSelectedDelete<AdminScenarioRow>((r) => `scenarios/${r.id}`);
  const columns: GridColumn<AdminScenarioRow>[] = [
    ...(session.isFullAdmin ? [{ key: 'select', title: '', render: (r: AdminScenarioRow) => <Checkbox aria-label={`Select ${r.name}`} checked={selected.has(r.id)} onChange={() => toggle(r)} /> }] : []),
    {
      key: 'name',
      title: 'Name',
      sortable: true,
      render: (r) => (
        <RouteLink to={ROUTES.ScenarioView} params={{ id: r.projectID, scenarioID: r.id }} plain>
          {r.name}
        </RouteLink>
      ),
    },
    {
      key: 'project',
      title: 'Project',
      sortable: true,
      render: (r) => (
        <RouteLink to={ROUTES.ProjectView} params={{ id: r.projectID }} plain>
          {r.project}
        </RouteLink>
      ),
    },
    { key: 'userName', title: 'User', sortable: true },
    { key: 'lastModifiedDate', title: 'Last modified', sortable: true, render: (r) => formatDateTime(r.lastModifiedDate) },
    { key: 'hasRun', title: 'Has run', sortable: true, render: (r) => (r.hasRun ? 'Yes' : 'No') },
    { key: 'weatherDataset', title: 'Weather dataset', sortable: true },
    { key: 'startingSimulationDate', title: 'Start', sortable: true },
    { key: 'endingSimulationDate', title: 'End', sortable: true },
    { key: 'skipYears', title: 'Skip years', sortable: true, align: 'right' },
    { key: 'printSetting', title: 'Print setting', sortable: true, render: (r) => PRINT[r.printSetting] ?? String(r.printSetting) },
    { key: 'swatVersion', title: 'SWAT version', sortable: true },
  ];
  const projects = link(ROUTES.AdminProjects);
  return (
    <PageLayout
      title="Scenarios"
      actions={
        <Group gap="xs">
          {projects && (
            <Button component={Link} to={projects} variant="light" size="xs">
              Projects
            </Button>
          )}
          {session.isFullAdmin && (
            <Button size="xs" color="red" variant="light" disabled={rows.length === 0} onClick={() => setDeleting(true)}>
              Delete selected
            </Button>
          )}
        </Group>
      }
    >
      <Text size="sm" c="dimmed" mb="xs">
        Opening another user's scenario is recorded in the audit log.
      </Text>
      <DataGrid<AdminScenarioRow> api="admin/projects/scenarios" exportPath="admin/exports/scenarios" items="scenarios" columns={columns} rowKey={(r) => r.id} perPage={50} defaultSort="lastModifiedDate_desc" />
      <ConfirmDialog opened={deleting} title="Delete scenarios" danger locked confirmLabel="Delete" busy={busy} error={error} onConfirm={() => void removeSelected()} onCancel={() => setDeleting(false)}>
        {`Delete ${rows.map((r) => `'${r.name}' of '${r.project}'`).join(', ')} with their outputs? This action is permanent.`}
      </ConfirmDialog>
    </PageLayout>
  );
}
