// /admin/users/tiers/create and /admin/users/tiers/{id} (spec 3 §2.3, §3 Tier, §5): tabs Settings
// and Users (the Users tab only when editing a non-default tier). Every Tier field: limits (0
// means unlimited, except project uploads where 0 means none), run interval, queue priority, the
// dataset list (none chosen: every dataset), the feature list, default tier, hide from display.
// Delete is for full administrators (spec 3 §6) and is refused while users hold the tier.
import { Alert, Button, Checkbox, Group, MultiSelect, NativeSelect, NumberInput, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import {
  ConfirmDialog,
  DataGrid,
  ErrorList,
  PageLayout,
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
  type GridColumn,
  type PageProps,
} from '@headwater/plugin-sdk';
import { useState, type FormEvent } from 'react';
import { useFormErrors } from '@headwater/plugin-sdk';
import { FEATURE_LABELS, PRIORITY_LABELS, type TierDetail, type TierFields, type TierUserRow } from './types.ts';

const EMPTY: TierFields = {
  name: '',
  description: '',
  isDefault: false,
  hideFromDisplay: false,
  subbasinLimit: 0,
  hruLimit: 0,
  taskLimit: 0,
  taskLimitInterval: 24,
  concurrencyLimit: 0,
  queuePriority: 'default',
  datasetUploadLimit: 0,
  datasets: [],
  featureList: [],
  sortOrder: 0,
};

const USER_COLUMNS: GridColumn<TierUserRow>[] = [
  {
    key: 'userName',
    title: 'User name',
    sortable: true,
    render: (r) => (
      <RouteLink to={ROUTES.AdminUser} params={{ id: r.id }} plain>
        {r.userName}
      </RouteLink>
    ),
  },
  { key: 'email', title: 'Email', sortable: true },
  { key: 'firstName', title: 'First name', sortable: true },
  { key: 'lastName', title: 'Last name', sortable: true },
  { key: 'affiliation', title: 'Affiliation', sortable: true },
  { key: 'location', title: 'Location', sortable: true },
  { key: 'expiration', title: 'Expiration', sortable: true, render: (r) => (r.expiration ? formatDateTime(r.expiration) : 'None') },
];

export function TierCreatePage(_props: PageProps) {
  const datasets = useApiQuery<TierDetail['datasets']>('admin/tiers/datasets');
  const fallback = queryFallback(datasets, 'Create tier');
  if (fallback) return fallback;
  return (
    <PageLayout title="Create tier" actions={<RouteLink to={ROUTES.AdminTiers}>Back to tiers</RouteLink>}>
      <TierForm initial={EMPTY} datasets={datasets.data!} />
    </PageLayout>
  );
}

export function TierPage({ params }: PageProps) {
  const id = Number(params.id);
  const detail = useApiQuery<TierDetail>(`admin/tiers/${id}`);
  const [tab, setTab] = useTabParam(['settings', 'users'] as const, 'settings', (t) => t !== 'users' || !detail.data?.tier.isDefault);
  // The form is drawn afresh from the saved tier (its key): the success alert lives here.
  const [saved, setSaved] = useState(false);
  const fallback = queryFallback(detail, 'Edit tier');
  if (fallback) return fallback;
  const d = detail.data!;
  const { id: _id, ...fields } = d.tier;
  return (
    <PageLayout title={`Edit tier: ${d.tier.name}`} documentTitle="Edit tier" actions={<RouteLink to={ROUTES.AdminTiers}>Back to tiers</RouteLink>}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
          {!d.tier.isDefault && <Tabs.Tab value="users">Users ({d.numUsers})</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="settings" pt="md">
          <SuccessAlert show={saved} onClose={() => setSaved(false)} />
          <TierForm key={JSON.stringify(d.tier)} id={id} initial={fields} datasets={d.datasets} numUsers={d.numUsers} onSaved={async () => (await detail.refetch(), setSaved(true))} />
          {d.auditLog.length > 0 && (
            <Stack gap="xs" mt="lg">
              <Text fw={600}>Changes</Text>
              <Table striped withTableBorder data-testid="tier-audit-log">
                <Table.Tbody>
                  {d.auditLog.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{formatDateTime(e.date)}</Table.Td>
                      <Table.Td>{e.actor}</Table.Td>
                      <Table.Td>{e.details}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="md">
          <Text size="sm" c="dimmed" mb="xs">
            A user's tier and its expiration are set on the user's profile.
          </Text>
          <DataGrid<TierUserRow> api={`admin/tiers/users/${id}`} items="users" columns={USER_COLUMNS} rowKey={(r) => r.id} perPage={50} defaultSort="userName" />
        </Tabs.Panel>
      </Tabs>
    </PageLayout>
  );
}

function TierForm({ id, initial, datasets, numUsers = 0, onSaved }: { id?: number; initial: TierFields; datasets: TierDetail['datasets']; numUsers?: number; onSaved?: () => unknown }) {
  const [values, setValues] = useState<TierFields>(initial);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useFormErrors();
  const session = useSession();
  const link = useLinks();
  const navigate = useNavigate();
  const set = <K extends keyof TierFields>(k: K, v: TierFields[K]) => setValues((x) => ({ ...x, [k]: v }));
  const num = (k: 'subbasinLimit' | 'hruLimit' | 'taskLimit' | 'concurrencyLimit' | 'datasetUploadLimit' | 'sortOrder') => (v: string | number) => set(k, v === '' ? (NaN as number) : Number(v));
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const remove = useAction(async () => {
    await api.delete(`admin/tiers/${id}`);
    navigate(link(ROUTES.AdminTiers) ?? '/');
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errors: Record<string, string[]> = {};
    if (!values.name.trim()) errors.name = ['Required'];
    for (const k of ['subbasinLimit', 'hruLimit', 'taskLimit', 'concurrencyLimit', 'datasetUploadLimit'] as const) if (!Number.isFinite(values[k])) errors[k] = ['Required'];
    if (!form.check(errors)) return;
    setBusy(true);
    try {
      const body = { ...values, sortOrder: Number.isFinite(values.sortOrder) ? values.sortOrder : 0 };
      if (id === undefined) {
        const created = await api.post<{ id: number }>('admin/tiers', body);
        navigate(link(ROUTES.AdminTier, { id: created.id }) ?? link(ROUTES.AdminTiers) ?? '/');
      } else {
        await api.put(`admin/tiers/${id}`, body);
        form.clear();
        await onSaved?.();
      }
    } catch (err) {
      form.fromServer(err);
    } finally {
      setBusy(false);
    }
  };

  const value = (v: number) => (Number.isFinite(v) ? v : '');
  return (
    <form onSubmit={submit} noValidate data-testid="tier-form">
      <Stack gap="sm" maw={900}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={form.of('name')} />
          <NumberInput label="Display order" min={0} allowDecimal={false} value={value(values.sortOrder)} onChange={num('sortOrder')} error={form.of('sortOrder')} />
        </SimpleGrid>
        <Textarea label="Description" autosize minRows={2} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} error={form.of('description')} />
        <Group>
          <Checkbox label="Default tier (assigned to every user without a tier of their own)" checked={values.isDefault} disabled={initial.isDefault} onChange={(e) => set('isDefault', e.currentTarget.checked)} error={form.of('isDefault')} />
          <Checkbox label="Hide from display (left out of the public tiers table)" checked={values.hideFromDisplay} onChange={(e) => set('hideFromDisplay', e.currentTarget.checked)} />
        </Group>
        <Text size="sm" c="dimmed">
          0 means unlimited for every limit except project uploads, where 0 means no uploads allowed.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label="Max. subbasins" required min={0} allowDecimal={false} value={value(values.subbasinLimit)} onChange={num('subbasinLimit')} error={form.of('subbasinLimit')} />
          <NumberInput label="Max. HRUs" required min={0} allowDecimal={false} value={value(values.hruLimit)} onChange={num('hruLimit')} error={form.of('hruLimit')} data-testid="tier-hru-limit" />
          <NumberInput label="Max. project uploads" required min={0} allowDecimal={false} value={value(values.datasetUploadLimit)} onChange={num('datasetUploadLimit')} error={form.of('datasetUploadLimit')} />
          <NumberInput label="Runs (task limit)" required min={0} allowDecimal={false} value={value(values.taskLimit)} onChange={num('taskLimit')} error={form.of('taskLimit')} />
          <NativeSelect
            label="Per"
            data={[
              { value: '1', label: 'Hour' },
              { value: '24', label: 'Day' },
            ]}
            value={String(values.taskLimitInterval)}
            onChange={(e) => set('taskLimitInterval', Number(e.currentTarget.value))}
            error={form.of('taskLimitInterval')}
          />
          <NumberInput label="Runs at the same time" required min={0} allowDecimal={false} value={value(values.concurrencyLimit)} onChange={num('concurrencyLimit')} error={form.of('concurrencyLimit')} />
          <NativeSelect
            label="Queue priority"
            data={Object.entries(PRIORITY_LABELS).map(([v, l]) => ({ value: v, label: l }))}
            value={values.queuePriority}
            onChange={(e) => set('queuePriority', e.currentTarget.value as TierFields['queuePriority'])}
            error={form.of('queuePriority')}
          />
        </SimpleGrid>
        <MultiSelect
          label="Datasets"
          description="None chosen: every dataset."
          data={datasets.map((d) => ({ value: String(d.value), label: d.isUserSubmitted ? `${d.text} (user-submitted)` : d.text }))}
          value={values.datasets.map(String)}
          onChange={(v) => set('datasets', v.map(Number))}
          searchable
          clearable
          error={form.of('datasets')}
        />
        <Checkbox.Group label="Features" value={values.featureList} onChange={(v) => set('featureList', v)} error={form.of('featureList')}>
          <Group mt={4}>
            {Object.entries(FEATURE_LABELS).map(([v, l]) => (
              <Checkbox key={v} value={v} label={l} />
            ))}
          </Group>
        </Checkbox.Group>
        <ErrorList error={form.summary} />
        <Group>
          <Button type="submit" loading={busy} disabled={id !== undefined && !dirty}>
            {id === undefined ? 'Create tier' : 'Save'}
          </Button>
          {id !== undefined && session.isFullAdmin && !initial.isDefault && (
            <Button color="red" variant="light" onClick={() => (remove.setError(null), setDeleting(true))}>
              Delete
            </Button>
          )}
        </Group>
        {id !== undefined && session.isFullAdmin && !initial.isDefault && numUsers > 0 && (
          <Alert color="gray">
            {numUsers} user{numUsers === 1 ? ' holds' : 's hold'} this tier: it can be deleted once they are moved to another tier.
          </Alert>
        )}
      </Stack>
      <ConfirmDialog opened={deleting} title="Delete tier" confirmLabel="Delete" danger locked busy={remove.busy} error={remove.error} onCancel={() => setDeleting(false)} onConfirm={() => void remove.run()}>
        This permanently deletes the tier {initial.name}.
      </ConfirmDialog>
    </form>
  );
}
