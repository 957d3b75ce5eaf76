// /admin/datasets/{id} (spec 3 §2.3, §3 Admin dataset, §4, §5): tabs Overview, Settings,
// Permissions, Weather Options.
// - Overview: counts, owner, sharing, the calibrated watersheds, the import's status, the public request banner while it is
//   Submitted, activate/deactivate (after confirmation; inactive datasets leave the choices for
//   new projects, existing projects keep working), delete (Admin only; refused while projects use it).
// - Settings: every admin dataset setting; Save stays disabled until the form changes.
// - Permissions: User / Group / Public with groups and tiers; approve a public request by sharing
//   to all users of the selected tiers, deny it (sharing unchanged) with an optional message —
//   PUT admin/datasets/share/{id}, which notifies the requester.
// - Weather Options: the weather datasets offered with the dataset and the default one.
import { Alert, Button, Checkbox, Group, MultiSelect, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import {
  ConfirmDialog,
  ErrorList,
  PageLayout,
  ProgressView,
  ROUTES,
  RouteLink,
  SuccessAlert,
  api,
  formatDateTime,
  queryFallback,
  useAction,
  useApiQuery,
  useLinks,
  useNavigate,
  useSession,
  useTabParam,
  type PageProps,
} from '@headwater/plugin-sdk';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useFormErrors } from '@headwater/plugin-sdk';
import { SETTING_KEYS, type AdminDataset, type AdminDatasetDetail, type DatasetSettings } from './types.ts';

const TABS = ['overview', 'settings', 'permissions', 'weather'] as const;

function settingsOf(d: AdminDataset): DatasetSettings {
  const s = {} as Record<string, unknown>;
  for (const k of SETTING_KEYS) s[k] = d[k] ?? (typeof d[k] === 'boolean' ? false : '');
  return s as DatasetSettings;
}

/** The body the API takes: the outline as parsed GeoJSON (longer than one string may be). */
function bodyOf(s: DatasetSettings): Record<string, unknown> {
  let outline: unknown = s.outline;
  try {
    if (s.outline.trim()) outline = JSON.parse(s.outline);
  } catch {
    /* left as text: the server answers 'Must be GeoJSON text.' */
  }
  return { ...s, outline };
}

export function DatasetPage({ params }: PageProps) {
  const id = Number(params.id);
  const detail = useApiQuery<AdminDatasetDetail>(`admin/datasets/${id}`);
  const [tab, setTab] = useTabParam(TABS, 'overview');
  const [saved, setSaved] = useState(false);
  const fallback = queryFallback(detail, 'Dataset');
  if (fallback) return fallback;
  const d = detail.data!;
  const reload = async () => {
    await detail.refetch();
    setSaved(true);
  };
  return (
    <PageLayout title={`Dataset: ${d.dataset.name}`} documentTitle="Dataset" actions={<RouteLink to={ROUTES.AdminDatasets}>Back to datasets</RouteLink>}>
      <Stack>
        {d.dataset.publicRequest?.status === 'Submitted' && (
          <Alert color="orange" title="Public request submitted" data-testid="public-request-banner">
            {d.dataset.userName || 'The owner'} asked to make this dataset public{d.dataset.publicRequest.requestedOn ? ` on ${formatDateTime(d.dataset.publicRequest.requestedOn)}` : ''}: “{d.dataset.publicRequest.userMessage}”. Review it on the Permissions tab.
          </Alert>
        )}
        <SuccessAlert show={saved} onClose={() => setSaved(false)} />
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="overview">Overview</Tabs.Tab>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
            <Tabs.Tab value="permissions">Permissions</Tabs.Tab>
            <Tabs.Tab value="weather">Weather Options</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="md">
            <Overview d={d} onChanged={reload} />
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            <SettingsForm key={JSON.stringify(d.dataset)} d={d} onSaved={reload} />
          </Tabs.Panel>
          <Tabs.Panel value="permissions" pt="md">
            <Permissions key={JSON.stringify(d.dataset)} d={d} onSaved={reload} />
          </Tabs.Panel>
          <Tabs.Panel value="weather" pt="md">
            <WeatherOptions key={JSON.stringify(d.weather.datasets)} d={d} onSaved={reload} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </PageLayout>
  );
}

function Overview({ d, onChanged }: { d: AdminDatasetDetail; onChanged: () => Promise<void> }) {
  const session = useSession();
  const navigate = useNavigate();
  const link = useLinks();
  const [confirm, setConfirm] = useState<'active' | 'delete' | null>(null);
  const x = d.dataset;
  const toggle = useAction(async () => {
    await api.put(`admin/datasets/${x.id}`, bodyOf({ ...settingsOf(x), isActive: !x.isActive }));
    setConfirm(null);
    await onChanged();
  });
  const remove = useAction(async () => {
    await api.delete(`admin/datasets/${x.id}`);
    navigate(link(ROUTES.AdminDatasets) ?? '/');
  });
  const groupName = (gid: number) => d.groups.find((g) => g.value === gid)?.text ?? `#${gid}`;
  const tierName = (tid: number) => d.tiers.find((t) => t.value === tid)?.text ?? `#${tid}`;
  const rows: [string, ReactNode][] = [
    ['Status', x.isActive ? 'Active' : 'Inactive (not offered for new projects)'],
    ['Version', x.version],
    ['Subbasins', x.counts.subbasins.toLocaleString('en-US')],
    ['HRUs', x.counts.hrus.toLocaleString('en-US')],
    ['Projects', x.counts.projects.toLocaleString('en-US')],
    ['Created on', formatDateTime(x.createdOn)],
    [
      'Created by',
      x.userID ? (
        <RouteLink to={ROUTES.AdminUser} params={{ id: x.userID }}>
          {x.userName}
        </RouteLink>
      ) : (
        'System dataset'
      ),
    ],
    ['Accessibility', x.accessibility],
    [
      'Groups',
      x.groupIDs.length
        ? x.groupIDs.map((g, i) => (
            <span key={g}>
              {i > 0 && ', '}
              <RouteLink to={ROUTES.AdminGroup} params={{ id: g }}>
                {groupName(g)}
              </RouteLink>
            </span>
          ))
        : 'None',
    ],
    [
      'Tiers',
      x.tierIDs.length
        ? x.tierIDs.map((t, i) => (
            <span key={t}>
              {i > 0 && ', '}
              <RouteLink to={ROUTES.AdminTier} params={{ id: t }}>
                {tierName(t)}
              </RouteLink>
            </span>
          ))
        : 'All tiers',
    ],
  ];
  if (x.publicRequest) rows.push(['Public request', `${x.publicRequest.status}${x.publicRequest.reviewedBy ? ` (by ${x.publicRequest.reviewedBy}${x.publicRequest.reviewedOn ? `, ${formatDateTime(x.publicRequest.reviewedOn)}` : ''})` : ''}${x.publicRequest.adminMessage ? `: ${x.publicRequest.adminMessage}` : ''}`]);
  return (
    <Stack maw={900}>
      {x.importStatus?.isRunning && <ProgressView percent={x.importStatus.progress.percent} message={x.importStatus.progress.message} />}
      {x.importStatus?.hasError && (
        <Alert color="red" title="The import failed">
          {x.importStatus.exceptionMessage}
        </Alert>
      )}
      <Table withTableBorder data-testid="dataset-overview">
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th w={200}>{k}</Table.Th>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {x.description && <Text size="sm">{x.description}</Text>}
      <Text fw={600}>Calibrations</Text>
      {d.calibrations.length === 0 ? (
        <Text size="sm">This dataset has no calibrated watersheds.</Text>
      ) : (
        <Table withTableBorder striped data-testid="dataset-calibrations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Group</Table.Th>
              <Table.Th>Watershed</Table.Th>
              <Table.Th>Outlet subbasin</Table.Th>
              <Table.Th>Gauge sites</Table.Th>
              <Table.Th>Calibration option</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.calibrations.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.group}</Table.Td>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>{c.endingSubbasin}</Table.Td>
                <Table.Td>{c.numSites}</Table.Td>
                <Table.Td>{c.hasOption ? 'Yes' : 'No'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button variant={x.isActive ? 'light' : 'filled'} color={x.isActive ? 'orange' : 'green'} onClick={() => setConfirm('active')} data-testid="toggle-active">
          {x.isActive ? 'Deactivate' : 'Activate'}
        </Button>
        {session.isFullAdmin && (
          <Button color="red" variant="light" onClick={() => setConfirm('delete')} data-testid="delete-dataset">
            Delete
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={confirm === 'active'}
        title={x.isActive ? 'Deactivate dataset' : 'Activate dataset'}
        confirmLabel={x.isActive ? 'Deactivate' : 'Activate'}
        busy={toggle.busy}
        error={toggle.error}
        onConfirm={() => void toggle.run()}
        onCancel={() => setConfirm(null)}
      >
        {x.isActive ? 'The dataset will no longer be offered for new projects. Existing projects keep working.' : 'The dataset will be offered for new projects again.'}
      </ConfirmDialog>
      <ConfirmDialog opened={confirm === 'delete'} title="Delete dataset" confirmLabel="Delete" danger locked busy={remove.busy} error={remove.error} onConfirm={() => void remove.run()} onCancel={() => setConfirm(null)}>
        This action is permanent. A dataset that projects use cannot be deleted: deactivate it instead.
      </ConfirmDialog>
    </Stack>
  );
}

function SettingsForm({ d, onSaved }: { d: AdminDatasetDetail; onSaved: () => Promise<void> }) {
  const initial = settingsOf(d.dataset);
  const [v, setV] = useState<DatasetSettings>(initial);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();
  const set = <K extends keyof DatasetSettings>(k: K, value: DatasetSettings[K]) => setV((x) => ({ ...x, [k]: value }));
  const dirty = JSON.stringify(v) !== JSON.stringify(initial);
  const num = (k: keyof DatasetSettings) => (value: string | number) => set(k, (value === '' ? '' : Number(value)) as never);
  const text = (k: keyof DatasetSettings, label: string, props: Record<string, unknown> = {}) => (
    <TextInput label={label} value={String(v[k] ?? '')} onChange={(e) => set(k, e.currentTarget.value as never)} error={form.of(k)} {...props} />
  );
  const numberInput = (k: keyof DatasetSettings, label: string, props: Record<string, unknown> = {}) => (
    <NumberInput label={label} value={(v[k] ?? '') as number | ''} onChange={num(k)} error={form.of(k)} {...props} />
  );
  const check = (k: keyof DatasetSettings, label: string) => <Checkbox label={label} checked={!!v[k]} onChange={(e) => set(k, e.currentTarget.checked as never)} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // spec 3 §5: name required ≤ 50; description ≤ 200; attribution ≤ 100; version required;
    // bounds required within ±180; optionOrder required (the server checks the same)
    const errors: Record<string, string[]> = {};
    if (!v.name.trim()) errors.name = ['Required'];
    else if (v.name.trim().length > 50 && v.name !== initial.name) errors.name = ['Must be at most 50 characters'];
    if (v.description.length > 200 && v.description !== initial.description) errors.description = ['Must be at most 200 characters'];
    if (v.attribution.length > 100 && v.attribution !== initial.attribution) errors.attribution = ['Must be at most 100 characters'];
    if (!String(v.version).trim()) errors.version = ['Required'];
    for (const k of ['minLat', 'maxLat', 'minLon', 'maxLon'] as const) {
      if (v[k] === '') errors[k] = ['Required'];
      else if (Math.abs(Number(v[k])) > 180) errors[k] = ['Must be between -180 and 180'];
    }
    if (v.optionOrder === '') errors.optionOrder = ['Required'];
    if (!form.check(errors)) return;
    setBusy(true);
    try {
      await api.put(`admin/datasets/${d.dataset.id}`, bodyOf(v));
      form.clear();
      await onSaved();
    } catch (err) {
      form.fromServer(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="dataset-settings">
      <Stack gap="sm" maw={900}>
        <ErrorList error={form.summary} />
        {check('isActive', 'Active (offered for new projects)')}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('name', 'Name', { required: true })}
          {text('version', 'Version', { required: true })}
        </SimpleGrid>
        <Textarea label="Description" autosize minRows={2} value={v.description} onChange={(e) => set('description', e.currentTarget.value)} error={form.of('description')} />
        <Textarea label="Attribution" autosize minRows={1} value={v.attribution} onChange={(e) => set('attribution', e.currentTarget.value)} error={form.of('attribution')} />
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          {numberInput('minLat', 'Min. latitude', { required: true, decimalScale: 6 })}
          {numberInput('maxLat', 'Max. latitude', { required: true, decimalScale: 6 })}
          {numberInput('minLon', 'Min. longitude', { required: true, decimalScale: 6 })}
          {numberInput('maxLon', 'Max. longitude', { required: true, decimalScale: 6 })}
          {numberInput('minCn2', 'Min. curve number (blank: unrestricted)')}
          {numberInput('maxCn2', 'Max. curve number (blank: unrestricted)')}
          {numberInput('optionOrder', 'Option order', { required: true, allowDecimal: false })}
          {text('optionGroup', 'Option group')}
        </SimpleGrid>
        <Group>
          {check('loadByDefault', 'Load by default')}
          {check('isUserSubmitted', 'User submitted')}
          {check('hideFromHelpTable', 'Hide from the help table')}
        </Group>
        {check('restrictSelection', 'Restrict selection')}
        {text('restrictionMessage', 'Restriction message')}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Default SWAT version"
            data={[{ value: '', label: 'None' }, ...d.swatVersions.map((s) => ({ value: String(s.value), label: s.disabled ? `${s.text} (disabled)` : s.text }))]}
            value={v.defaultSWATVersionID === null ? '' : String(v.defaultSWATVersionID)}
            onChange={(e) => set('defaultSWATVersionID', e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
            error={form.of('defaultSWATVersionID')}
          />
          <Stack justify="flex-end">{check('allowOnlyDefaultSWATVersion', 'Allow only the default SWAT version')}</Stack>
        </SimpleGrid>
        <Group>
          {check('allowGisApiAccess', 'Allow GIS API access')}
          {check('allowApiAccess', 'Allow API access')}
          {check('includeModflow', 'Include MODFLOW')}
          {check('allowSqliteEditorTables', 'Allow SQLite editor tables')}
          {check('useNonAgLanduseSetting', 'Use the non-agricultural land use setting')}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {numberInput('defaultHruThreshold', 'Default HRU threshold')}
          {numberInput('iclusHruThreshold', 'ICLUS HRU threshold')}
        </SimpleGrid>
        {check('useSharedWeatherDirectoryForIclus', 'Use the shared weather directory for ICLUS')}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('configPath', 'Configuration path')}
          {text('weatherPath', 'Weather path')}
        </SimpleGrid>
        <Textarea label="Calibration page text" autosize minRows={2} value={v.calibrationPageText} onChange={(e) => set('calibrationPageText', e.currentTarget.value)} error={form.of('calibrationPageText')} />
        <Textarea label="Outline (GeoJSON FeatureCollection)" autosize minRows={3} maxRows={12} styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} value={v.outline} onChange={(e) => set('outline', e.currentTarget.value)} error={form.of('outline')} />
        <Group>
          <Button type="submit" disabled={!dirty} loading={busy} data-testid="save-dataset-settings">
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Permissions({ d, onSaved }: { d: AdminDatasetDetail; onSaved: () => Promise<void> }) {
  const x = d.dataset;
  const submitted = x.publicRequest?.status === 'Submitted';
  const [accessibility, setAccessibility] = useState<string>(x.accessibility);
  const [groups, setGroups] = useState<string[]>(x.groupIDs.map(String));
  const [tiers, setTiers] = useState<string[]>(x.tierIDs.map(String));
  const [deny, setDeny] = useState(false);
  const [adminMessage, setAdminMessage] = useState('');
  const initial = JSON.stringify([x.accessibility, x.groupIDs.map(String), x.tierIDs.map(String), false, '']);
  const dirty = JSON.stringify([accessibility, groups, tiers, deny, adminMessage]) !== initial;
  const save = useAction(async () => {
    if (accessibility === 'Group' && groups.length === 0 && !deny) throw new Error('Please select a group.');
    await api.put(`admin/datasets/share/${x.id}`, { accessibility, groups: groups.map(Number), tiers: tiers.map(Number), deny, adminMessage });
    await onSaved();
  });
  return (
    <Stack maw={900} data-testid="dataset-permissions">
      <ErrorList error={save.error} />
      <Text size="sm" c="dimmed">
        User: the creator only. Group: the selected groups. Public: all users in the selected tiers (none selected: every tier).
      </Text>
      {submitted && (
        <Alert color="orange" title="Public request">
          “{x.publicRequest!.userMessage}” — approve by choosing Public and the tiers, or deny it (sharing stays as it is) with an optional message. The requester is notified either way.
        </Alert>
      )}
      <Radio.Group label="Accessibility" value={accessibility} onChange={setAccessibility}>
        <Group mt="xs">
          {x.userID !== null && <Radio value="User" label="User only" disabled={deny} />}
          <Radio value="Group" label="Group" disabled={deny} />
          <Radio value="Public" label="Public" disabled={deny} data-testid="access-public" />
        </Group>
      </Radio.Group>
      {x.accessibility === 'Public' && accessibility !== 'Public' && !x.isUserSubmitted && (
        <Alert color="yellow" title="Warning">
          This is a public system dataset: moving it away from Public removes it from every user who is not in a selected group.
        </Alert>
      )}
      {accessibility === 'Group' && (
        <MultiSelect label="Groups" data={d.groups.map((g) => ({ value: String(g.value), label: g.text }))} value={groups} onChange={setGroups} searchable disabled={deny} />
      )}
      {accessibility === 'Public' && (
        <MultiSelect label="Tiers" data={d.tiers.map((t) => ({ value: String(t.value), label: t.text }))} value={tiers} onChange={setTiers} searchable disabled={deny} data-testid="share-tiers" />
      )}
      <Group gap="md">
        <RouteLink to={ROUTES.AdminTiers}>Tiers</RouteLink>
        <RouteLink to={ROUTES.AdminGroups}>Groups</RouteLink>
      </Group>
      {submitted && (
        <>
          <Checkbox label="Deny the public request" checked={deny} onChange={(e) => setDeny(e.currentTarget.checked)} data-testid="deny-request" />
          <Textarea label="Message to the requester (optional)" value={adminMessage} onChange={(e) => setAdminMessage(e.currentTarget.value)} autosize minRows={2} data-testid="admin-message" />
        </>
      )}
      <Group>
        <Button onClick={() => void save.run()} disabled={!dirty} loading={save.busy} data-testid="save-permissions">
          Save
        </Button>
      </Group>
    </Stack>
  );
}

function WeatherOptions({ d, onSaved }: { d: AdminDatasetDetail; onSaved: () => Promise<void> }) {
  const initialIds = d.weather.datasets.map((w) => w.id);
  const initialDefault = d.weather.datasets.find((w) => w.isDefault)?.id ?? null;
  const [ids, setIds] = useState<number[]>(initialIds);
  const [def, setDef] = useState<number | null>(initialDefault);
  const dirty = JSON.stringify([[...ids].sort(), def]) !== JSON.stringify([[...initialIds].sort(), initialDefault]);
  const save = useAction(async () => {
    await api.put(`admin/datasets/weather/${d.dataset.id}`, { weatherDatasets: ids, defaultWeatherDatasetID: def });
    await onSaved();
  });
  const toggle = (wid: number, on: boolean) => {
    setIds((x) => (on ? [...x, wid] : x.filter((i) => i !== wid)));
    if (!on && def === wid) setDef(null);
  };
  return (
    <Stack maw={900} data-testid="dataset-weather">
      <ErrorList error={save.error} />
      <Text size="sm" c="dimmed">
        The weather datasets scenarios of this dataset may use; the default is preselected.
      </Text>
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Offered</Table.Th>
            <Table.Th>Default</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th>Active</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {d.weather.options.map((w) => (
            <Table.Tr key={w.value}>
              <Table.Td>
                <Checkbox aria-label={`Offer ${w.text}`} checked={ids.includes(w.value)} onChange={(e) => toggle(w.value, e.currentTarget.checked)} />
              </Table.Td>
              <Table.Td>
                <Radio aria-label={`Default ${w.text}`} checked={def === w.value} disabled={!ids.includes(w.value)} onChange={() => setDef(w.value)} />
              </Table.Td>
              <Table.Td>
                <RouteLink to={ROUTES.AdminWeather} params={{ id: w.value }}>
                  {w.text}
                </RouteLink>
              </Table.Td>
              <Table.Td>
                {String(w.startDate).slice(0, 10)} – {String(w.endDate).slice(0, 10)}
              </Table.Td>
              <Table.Td>{w.isActive ? 'Yes' : 'No'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button onClick={() => void save.run()} disabled={!dirty} loading={save.busy} data-testid="save-weather">
          Save
        </Button>
      </Group>
    </Stack>
  );
}
