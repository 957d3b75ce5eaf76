// Project view /projects/:id (spec 1 §2): summary, watershed map, Set-up / Data / Actions menus,
// copy, rename, delete; busy and error states from the frame.
import { Anchor, Button, Grid, Group, Loader, Menu, Modal, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { ConfirmDialog, ErrorList, Link, ROUTES, RouteLink, TierLink, WatershedMap, api, fileHref, preloadWatershedMap, useAction, useApiQuery, useLinks, useMapSettings, useNavigate, useSession, validateName, type PageProps, SITE_ROOT } from '@headwater/plugin-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PROJECT_MESSAGES, copyName, fmtArea, fmtCount, fmtLimit, scenarioSummary } from '../logic.ts';
import { ProjectFrame, useRefreshProjectLists } from '../project.tsx';
import type { GroupOption, Project, ProjectMap, ProjectResponse } from '../types.ts';


/** Streams show only under the global maximum of subbasins and never for regional projects. */
const MAX_STREAM_SUBBASINS = 2000;

/** A GeoJSON url the API client can fetch: API paths with the token, other paths absolute. */
function geoUrl(u: string): string {
  return u.startsWith('/') && !u.startsWith('/api/') ? `${location.origin}${u}` : fileHref(u)!;
}

export function ProjectMapPanel({ project }: { project: Project }) {
  const settings = useMapSettings();
  const map = useApiQuery<ProjectMap>(`projects/map/${project.id}`, { retry: false });
  const urls = map.data?.geoJsonUrls;
  const subbasins = useApiQuery<unknown>(urls?.subbasins ? geoUrl(urls.subbasins) : null, { staleTime: Infinity, retry: false });
  const withStreams = !project.isRegional && project.numSubbasins < MAX_STREAM_SUBBASINS;
  const streams = useApiQuery<unknown>(withStreams && urls?.streams ? geoUrl(urls.streams) : null, { staleTime: Infinity });
  const [routing, setRouting] = useState(false);
  if (map.isError) return null;
  return (
    <Stack gap={4}>
      {settings.ready && (
          <WatershedMap
            subbasins={subbasins.data}
            streams={streams.data}
            connections={map.data?.connections}
            showRouting={routing}
            bounds={map.data?.watershedBounds}
            tileProviders={settings.tileProviders}
            defaultCenter={settings.center}
            defaultZoom={settings.zoom}
            height={420}
          />
      )}
      {!!map.data?.connections?.length && (
        <Group>
          <Button size="compact-xs" variant="subtle" onClick={() => setRouting((r) => !r)}>
            {routing ? 'Hide routing' : 'Show routing'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function NameModal({ opened, title, initial, emptyMessage, submitLabel, onSubmit, onClose }: { opened: boolean; title: string; initial: string; emptyMessage: string; submitLabel: string; onSubmit: (name: string) => Promise<void>; onClose: () => void }) {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAction(onSubmit);
  const submit = async () => {
    const p = validateName(value, emptyMessage);
    setProblem(p);
    if (!p) await save.run(value.trim());
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput label="Project name" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={problem} data-autofocus data-testid="name-input" />
          <ErrorList error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.busy}>
              Cancel
            </Button>
            <Button type="submit" loading={save.busy} data-testid="name-submit">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Share (shown to the owner once a groups plugin declares /groups): PATCH groups/share|unshare/{group}/{project}. */
function ShareModal({ data, onClose }: { data: ProjectResponse; onClose: () => void }) {
  const client = useQueryClient();
  const [group, setGroup] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shared: GroupOption[] = data.project.groups ?? [];
  const options: GroupOption[] = data.groupOptions ?? [];
  const createGroup = useLinks()(ROUTES.GroupCreate);
  const { run: act, busy, error } = useAction(async (kind: 'share' | 'unshare', groupId: number) => {
    await api.patch(`groups/${kind}/${groupId}/${data.project.id}`);
    // the project (its groups and options) and every group list showing it
    await client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && (String(q.queryKey[1] ?? '') === `projects/${data.project.id}` || String(q.queryKey[1] ?? '').startsWith('groups')) });
    setGroup(null);
  });
  return (
    <Modal opened onClose={onClose} title="Share with a group">
      <Stack>
        {shared.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Shared with
            </Text>
            {shared.map((g) => (
              <Group key={g.value} justify="space-between">
                <Text size="sm">{g.text}</Text>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => void act('unshare', g.value)} disabled={busy}>
                  Stop sharing
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <Select label="Group" data={options.map((g) => ({ value: String(g.value), label: g.text }))} value={group} onChange={setGroup} error={problem} data-testid="share-group" />
        {options.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="share-no-groups">
            {shared.length ? 'The project is shared with every group you are a member of.' : PROJECT_MESSAGES.noGroups}{' '}
            {createGroup && (
              <Anchor component={Link} to={createGroup}>
                Create a group
              </Anchor>
            )}
          </Text>
        )}
        <ErrorList error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            loading={busy}
            onClick={() => {
              const p = group ? null : 'Please select a group.';
              setProblem(p);
              if (!p) void act('share', Number(group));
            }}
          >
            Share
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ProjectMenus({ data }: { data: ProjectResponse }) {
  const p = data.project;
  const id = p.id;
  const navigate = useNavigate();
  const client = useQueryClient();
  const link = useLinks();
  const [dialog, setDialog] = useState<'copy' | 'rename' | 'delete' | 'share' | null>(null);
  const hrusSet = !!data.status?.hasSetHrus || !!p.method;
  const session = useSession();
  // Outside the tier's limits the menu hides scenario creation (the summary says why).
  const to = {
    hrus: link(ROUTES.ProjectHrus, { id }),
    scenarioCreate: overTier(data, session.isAdmin) ? undefined : link(ROUTES.ScenarioCreate, { id }),
    scenarioList: link(ROUTES.ScenarioList, { id }),
    metadata: link(ROUTES.ProjectMetadata, { id }),
    downloads: link(ROUTES.ProjectDownloads, { id }),
    documents: link(ROUTES.ProjectDocuments, { id }),
    errors: link(ROUTES.ProjectErrorReports, { id }),
  };
  // what the caller may do (the server says; owner, group member, administrator): a control is shown only when it works
  const may = data.permissions;
  const share = !!link(ROUTES.GroupList) && !!may?.share;
  const canRename = may?.edit ?? true;
  const canDelete = may?.delete ?? true;
  const refreshLists = useRefreshProjectLists();
  const remove = useAction(async () => {
    await api.delete(`projects/${id}`);
    await refreshLists();
    navigate(link(ROUTES.ProjectList, {}, { tab: 'projects' }) ?? SITE_ROOT);
  });

  return (
    <Group gap="xs">
      <Menu withinPortal position="bottom-end">
        <Menu.Target>
          <Button variant="default" data-testid="menu-setup">
            Set-up ▾
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {to.hrus && (
            <Menu.Item component={Link} to={to.hrus} data-testid="menu-hrus">
              {hrusSet ? 'Review HRUs' : 'Set HRUs'}
            </Menu.Item>
          )}
          {to.scenarioCreate && (
            <Menu.Item component={Link} to={to.scenarioCreate}>
              Create scenario
            </Menu.Item>
          )}
          {to.scenarioList && (
            <Menu.Item component={Link} to={to.scenarioList}>
              Scenario list
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Menu withinPortal position="bottom-end">
        <Menu.Target>
          <Button variant="default" data-testid="menu-data">
            Data ▾
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {to.metadata && (
            <Menu.Item component={Link} to={to.metadata}>
              Metadata
            </Menu.Item>
          )}
          {to.downloads && (
            <Menu.Item component={Link} to={to.downloads}>
              Project downloads
            </Menu.Item>
          )}
          {to.documents && (
            <Menu.Item component={Link} to={to.documents}>
              Uploaded documents
            </Menu.Item>
          )}
          {to.errors && (
            <Menu.Item component={Link} to={to.errors} data-testid="menu-errors">
              Feedback and error reports
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Menu withinPortal position="bottom-end">
        <Menu.Target>
          <Button variant="default" data-testid="menu-actions">
            Actions ▾
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {share && (
            <Menu.Item onClick={() => setDialog('share')} data-testid="action-share">
              Share with a group
            </Menu.Item>
          )}
          <Menu.Item onClick={() => setDialog('copy')} data-testid="action-copy">
            Copy project
          </Menu.Item>
          {canRename && (
            <Menu.Item onClick={() => setDialog('rename')} data-testid="action-rename">
              Change name
            </Menu.Item>
          )}
          {canDelete && (
            <Menu.Item color="red" onClick={() => setDialog('delete')} data-testid="action-delete">
              Delete project
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {dialog === 'copy' && (
        <NameModal
          opened
          title="Copy project"
          initial={copyName(p.name)}
          emptyMessage={PROJECT_MESSAGES.copyName}
          submitLabel="Copy"
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            const r = await api.post<number | { id: number }>(`projects/copy/${id}`, { value: name });
            const newId = typeof r === 'object' && r ? r.id : r;
            await refreshLists();
            setDialog(null);
            navigate(link(ROUTES.ProjectView, { id: newId }) ?? SITE_ROOT);
          }}
        />
      )}
      {dialog === 'rename' && (
        <NameModal
          opened
          title="Change name"
          initial={p.name}
          emptyMessage={PROJECT_MESSAGES.renameName}
          submitLabel="Save"
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            await api.put(`projects/${id}`, { value: name });
            await client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && String(q.queryKey[1] ?? '').startsWith('projects') });
            setDialog(null);
          }}
        />
      )}
      {dialog === 'share' && <ShareModal data={data} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        opened={dialog === 'delete'}
        title="Delete project"
        confirmLabel="Delete"
        danger
        locked
        busy={remove.busy}
        error={remove.error}
        onCancel={() => {
          setDialog(null);
          remove.setError(null);
        }}
        onConfirm={() => void remove.run()}
      >
        {`Are you sure you want to delete the project ${p.name}? Its scenarios and files are deleted too. This cannot be undone.`}
      </ConfirmDialog>
    </Group>
  );
}

/** Whether the tier keeps this project from scenarios: subbasins, HRUs or the dataset (spec 1 §6). */
export function overTier(data: ProjectResponse, isAdmin: boolean): { subbasins: boolean; hrus: boolean; dataset: boolean } | null {
  const t = data.tier;
  const p = data.project;
  if (!t) return null;
  const r = {
    subbasins: t.subbasinLimit > 0 && p.numSubbasins > t.subbasinLimit,
    hrus: t.hruLimit > 0 && p.numHrus > t.hruLimit,
    dataset: !isAdmin && !!t.datasets?.length && p.datasetID !== undefined && !t.datasets.includes(p.datasetID),
  };
  return r.subbasins || r.hrus || r.dataset ? r : null;
}

function Summary({ data }: { data: ProjectResponse }) {
  const p = data.project;
  const csv = fileHref(p.subbasinsCsv);
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <Table.Tr>
      <Table.Th w={160}>{label}</Table.Th>
      <Table.Td data-testid={testId}>{value}</Table.Td>
    </Table.Tr>
  );
  const session = useSession();
  const limits = data.tier;
  const over = overTier(data, session.isAdmin);
  return (
    <Stack gap="xs">
      <Table withTableBorder data-testid="project-summary">
        <Table.Tbody>
          {row('Name', p.name, 'project-name')}
          {p.dataset && row('Dataset', p.dataset)}
          {p.endingSubbasin && row('Ending subbasin', p.endingSubbasin)}
          {row(
            'Subbasins',
            <Group gap="xs">
              <span>{fmtCount(p.numSubbasins)}</span>
              {csv && (
                <Anchor href={csv} size="sm" download>
                  CSV
                </Anchor>
              )}
            </Group>,
            'project-subbasins',
          )}
          {row('HRUs', p.numOriginalHrus && p.numOriginalHrus !== p.numHrus ? `${fmtCount(p.numHrus)} (of ${fmtCount(p.numOriginalHrus)} original)` : fmtCount(p.numHrus), 'project-hrus')}
          {row('Total area', fmtArea(p.totalArea), 'project-area')}
          {p.totalLandArea !== undefined && row('Land-only area', fmtArea(p.totalLandArea))}
        </Table.Tbody>
      </Table>
      {over && limits && (
        <Text size="sm" c="orange" data-testid="tier-warning">
          {over.subbasins
            ? `Your account is limited to ${fmtLimit(limits.subbasinLimit)} subbasins and ${fmtLimit(limits.hruLimit)} HRUs per project: this project cannot run scenarios.`
            : over.hrus
              ? `This project has more HRUs than your account's limit of ${fmtLimit(limits.hruLimit)}: reduce its HRUs before running scenarios.`
              : "Your account's tier does not include this project's dataset for scenarios."}{' '}
          <TierLink>Account and tier limits</TierLink>
        </Text>
      )}
      {!!p.scenarios?.length && (
        <Paper withBorder p="sm">
          <Text fw={600} size="sm" mb={4}>
            Scenarios
          </Text>
          {p.scenarios.map((s) => {
            const sum = scenarioSummary(s);
            return (
              <Group key={s.id} gap="xs">
                <RouteLink to={ROUTES.ScenarioView} params={{ id: p.id, scenarioID: s.id }} plain size="sm" data-testid={`project-scenario-${s.id}`}>
                  {s.name}
                </RouteLink>
                {sum.running && <Loader size="xs" />}
                <Text size="xs" c="dimmed">
                  {sum.text}
                </Text>
              </Group>
            );
          })}
        </Paper>
      )}
    </Stack>
  );
}

export function ProjectViewPage({ params }: PageProps) {
  const id = params.id!;
  // The map's code and data load alongside the project, not after it: OpenLayers' chunk, the
  // project map and the subbasins layer (spec 1 §7 names its url: exports/geojson/{id}/subbasins).
  useEffect(() => preloadWatershedMap(), []);
  useApiQuery<ProjectMap>(`projects/map/${id}`, { retry: false });
  useApiQuery<unknown>(geoUrl(`/api/exports/geojson/${id}/subbasins`), { staleTime: Infinity, retry: false });
  return (
    <ProjectFrame id={id} actions={(data) => <ProjectMenus data={data} />}>
      {(data) => (
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Summary data={data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ProjectMapPanel project={data.project} />
          </Grid.Col>
        </Grid>
      )}
    </ProjectFrame>
  );
}
