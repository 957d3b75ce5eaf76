// Projects dashboard /projects (spec 1 §2): Recent Activity, Projects, Group Projects, New Project.
import { ActionIcon, Alert, Anchor, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { ConfirmDialog, DataGrid, ErrorList, Link, MESSAGES, PageLayout, ROUTES, RouteLink, WatershedMap, api, formatDateTime, useAction, useApiQuery, useLinks, useMapSettings, useNavigate, useTabParam, type GridColumn } from '@headwater/plugin-sdk';
import { useMemo, useState } from 'react';
import { ProjectThumb } from '../ProjectThumb.tsx';
import { useRefreshProjectLists } from '../project.tsx';
import { PROJECT_MESSAGES, fmtArea, fmtCount, parseBounds, scenarioSummary } from '../logic.ts';
import type { Project } from '../types.ts';

type RecentActivity = { projects: Project[]; hasGroups?: boolean; hasAccessToUploads?: boolean; isImporting?: boolean };

export type ProjectRow = Project & { lastModifiedDate?: string; numScenarios?: number; group?: string; groupID?: number; userName?: string };

/** The grid's CSV is the same path with `format=csv` (and the grid's sort and filter). */
const CSV_EXPORT = 'projects?format=csv';

const IMPORTING = 'Your projects from the older version are being imported. You will receive a notification and an e-mail when the import is done.';

export function projectColumns(onDelete?: (row: ProjectRow) => void): GridColumn<ProjectRow>[] {
  const cols: GridColumn<ProjectRow>[] = [
    {
      key: 'name',
      title: 'Name',
      sortable: true,
      render: (r) => (
        <RouteLink to={ROUTES.ProjectView} params={{ id: r.id }} plain data-testid={`project-link-${r.id}`}>
          {r.name}
        </RouteLink>
      ),
    },
    { key: 'lastModifiedDate', title: 'Last modified', sortable: true, render: (r) => formatDateTime(r.lastModifiedDate) },
    { key: 'dataset', title: 'Dataset', sortable: true },
    { key: 'endingSubbasin', title: 'Downstream ID', sortable: true },
    { key: 'numSubbasins', title: 'Subbasins', sortable: true, align: 'right', render: (r) => fmtCount(r.numSubbasins) },
    { key: 'numHrus', title: 'HRUs', sortable: true, align: 'right', render: (r) => fmtCount(r.numHrus) },
    { key: 'totalArea', title: 'Area (sq km)', sortable: true, align: 'right', render: (r) => (r.totalArea ?? 0).toLocaleString('en-US', { maximumFractionDigits: 2 }) },
    { key: 'numScenarios', title: 'Scenarios', sortable: true, align: 'right', render: (r) => fmtCount(r.numScenarios ?? r.scenarios?.length ?? 0) },
  ];
  if (onDelete)
    cols.push({
      key: 'delete',
      title: '',
      render: (r) => (
        <Tooltip label="Delete">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${r.name}`} onClick={() => onDelete(r)} data-testid={`delete-${r.id}`}>
            ✕
          </ActionIcon>
        </Tooltip>
      ),
    });
  return cols;
}


/** The map of projects: each recent project's watershed bounds; a click opens the project. */
export function projectsGeoJson(projects: Project[]) {
  const features = projects.flatMap((p) => {
    const b = parseBounds((p as { bounds?: unknown }).bounds);
    if (!b) return [];
    const [w, s, e, n] = b;
    return [{ type: 'Feature', properties: { id: p.id, name: p.name }, geometry: { type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] } }];
  });
  return { type: 'FeatureCollection', features };
}

function ProjectsMap({ projects }: { projects: Project[] }) {
  const navigate = useNavigate();
  const link = useLinks();
  const settings = useMapSettings();
  const geo = useMemo(() => projectsGeoJson(projects), [projects]);
  if (!geo.features.length || !settings.ready) return null;
  return (
    <Stack gap={4} mt="md" data-testid="projects-map">
      <Text fw={600}>Map of projects</Text>
        <WatershedMap subbasins={geo} tileProviders={settings.tileProviders} height={320} onClick={(c) => {
            const to = c.subbasin && link(ROUTES.ProjectView, { id: c.subbasin.id });
            if (to) navigate(to);
          }}
        />
    </Stack>
  );
}

function RecentActivityTab({ data }: { data: RecentActivity | undefined }) {
  if (!data) return null;
  if (!data.projects.length)
    return (
      <Text c="dimmed" data-testid="recent-empty">
        {MESSAGES.emptyList('projects')}{' '}
        <RouteLink to={ROUTES.ProjectCreate}>Create a project</RouteLink>.
      </Text>
    );
  return (
    <>
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="recent-cards">
      {data.projects.map((p) => (
        <Card key={p.id} withBorder padding="md" data-testid={`recent-card-${p.id}`}>
          <Card.Section mb="xs">
            <ProjectThumb projectId={p.id} numSubbasins={p.numSubbasins} />
          </Card.Section>
          <RouteLink to={ROUTES.ProjectView} params={{ id: p.id }} plain fw={600}>
            {p.name}
          </RouteLink>
          <Text size="sm" c="dimmed">
            {fmtCount(p.numSubbasins)} subbasins · {fmtCount(p.numHrus)} HRUs · {fmtArea(p.totalArea)}
          </Text>
          {!!p.scenarios?.length && (
            <Stack gap={2} mt="xs">
              <Text size="xs" fw={600}>
                Recent scenarios
              </Text>
              {p.scenarios.slice(0, 5).map((s) => {
                const sum = scenarioSummary(s);
                return (
                  <Group key={s.id} gap={6} wrap="nowrap">
                    <Text size="sm" truncate>
                      {s.name}
                    </Text>
                    {sum.running && <Loader size={12} />}
                    <Text size="xs" c="dimmed">
                      {sum.text}
                    </Text>
                  </Group>
                );
              })}
            </Stack>
          )}
        </Card>
      ))}
    </SimpleGrid>
    <ProjectsMap projects={data.projects} />
    </>
  );
}

export function DashboardPage() {
  const [tab, setTab] = useTabParam(['recent', 'projects', 'groups'], 'recent');
  const recent = useApiQuery<RecentActivity>('projects/recent-activity');
  const link = useLinks();
  const refreshLists = useRefreshProjectLists();
  const [toDelete, setToDelete] = useState<ProjectRow | null>(null);
  const groupsExist = !!link(ROUTES.GroupList);
  const create = link(ROUTES.ProjectCreate);

  const remove = useAction(async (row: ProjectRow) => {
    await api.delete(`projects/${row.id}`);
    await refreshLists();
    setToDelete(null);
  });

  return (
    <PageLayout
      title="Projects"
      actions={
        create && (
          <Button component={Link} to={create} data-testid="new-project">
            New Project
          </Button>
        )
      }
    >
      {recent.data?.isImporting && (
        <Alert color="blue" data-testid="import-banner">
          {IMPORTING}
        </Alert>
      )}
      <ErrorList error={recent.error} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="recent" data-testid="tab-recent">
            Recent Activity
          </Tabs.Tab>
          <Tabs.Tab value="projects" data-testid="tab-projects">
            Projects
          </Tabs.Tab>
          <Tabs.Tab value="groups" data-testid="tab-groups">
            Group Projects
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="recent">
          {recent.isLoading ? (
            <Center p="md">
              <Loader />
            </Center>
          ) : (
            <RecentActivityTab data={recent.data} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="projects">
          <DataGrid<ProjectRow>
            api="projects"
            items="projects"
            perPage={10}
            defaultSort="lastModifiedDate_desc"
            rowKey={(r) => r.id}
            columns={projectColumns((r) => setToDelete(r))}
            exportPath={CSV_EXPORT}
          />
        </Tabs.Panel>
        <Tabs.Panel value="groups">
          {groupsExist && recent.data?.hasGroups ? (
            <DataGrid<ProjectRow>
              api="groups/projects"
              items="group projects"
              perPage={10}
              defaultSort="lastModifiedDate_desc"
              rowKey={(r) => `${r.group}:${r.id}`}
              columns={[
                {
                  key: 'group',
                  title: 'Group',
                  sortable: true,
                  render: (r) =>
                    r.groupID ? (
                      <RouteLink to={ROUTES.GroupView} params={{ id: r.groupID }} plain>
                        {r.group}
                      </RouteLink>
                    ) : (
                      r.group
                    ),
                },
                { key: 'userName', title: 'Belongs to', sortable: true },
                ...projectColumns(),
              ]}
              emptyText={PROJECT_MESSAGES.noGroupShares}
            />
          ) : (
            <Text c="dimmed" data-testid="groups-empty">
              {groupsExist && recent.data?.hasGroups ? PROJECT_MESSAGES.noGroupShares : PROJECT_MESSAGES.noGroups}
            </Text>
          )}
        </Tabs.Panel>
      </Tabs>
      <ConfirmDialog
        opened={!!toDelete}
        title="Delete project"
        confirmLabel="Delete"
        danger
        locked
        busy={remove.busy}
        error={remove.error}
        onCancel={() => {
          setToDelete(null);
          remove.setError(null);
        }}
        onConfirm={() => void (toDelete && remove.run(toDelete))}
      >
        {toDelete ? `Are you sure you want to delete the project ${toDelete.name}? Its scenarios and files are deleted too. This cannot be undone.` : ''}
      </ConfirmDialog>
    </PageLayout>
  );
}
