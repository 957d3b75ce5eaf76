// /admin/users/{id} (spec 3 §2.3 user detail): tabs Profile, Projects, Usage statistics, Reset
// password, Access codes, API access, Delete account (hidden for pending users), and the audit
// log of every change administrators made. A pending flag shows for the Pending role, an API
// flag for ApiUser. Controls a partial administrator may not use on an administrator's account
// (spec 3 §6) are left out here and refused by the server anyway.
import { Alert, Badge, Button, Code, Group, NativeSelect, Paper, PasswordInput, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  ACCOUNT_MESSAGES,
  ApiError,
  ConfirmDialog,
  DataGrid,
  ErrorList,
  PageLayout,
  ROUTES,
  RouteLink,
  SuccessAlert,
  UNITED_STATES,
  UNITS,
  api,
  formatDateTime,
  isStrongPassword,
  isValidEmail,
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
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useFormErrors, withBlank } from '@headwater/plugin-sdk';
import type { AccessCode, AdminProjectRow, AdminUserDetail, AuditEntry } from './types.ts';

const UsageChart = lazy(() => import('./UsageChart.tsx'));

const TABS = ['profile', 'projects', 'usage', 'password', 'codes', 'api', 'delete', 'audit'] as const;
type Tab = (typeof TABS)[number];

/** Spec 3 §9: lockout 30 days; -1 unlocks. */
export const LOCKOUT_DAYS = 30;

const PROJECT_COLUMNS: GridColumn<AdminProjectRow>[] = [
  {
    key: 'name',
    title: 'Project',
    sortable: true,
    render: (r) => (
      <RouteLink to={ROUTES.ProjectView} params={{ id: r.id }} plain>
        {r.name}
      </RouteLink>
    ),
  },
  { key: 'lastModifiedDate', title: 'Last modified', sortable: true, render: (r) => formatDateTime(r.lastModifiedDate) },
  { key: 'dataset', title: 'Dataset', sortable: true },
  { key: 'endingSubbasin', title: 'Downstream ID', sortable: true },
  { key: 'numSubbasins', title: 'Subbasins', sortable: true, align: 'right' },
  { key: 'numHrus', title: 'HRUs', sortable: true, align: 'right' },
  { key: 'totalArea', title: 'Area (sq km)', sortable: true, align: 'right', render: (r) => r.totalArea.toLocaleString('en-US', { maximumFractionDigits: 2 }) },
  { key: 'numScenarios', title: 'Scenarios', sortable: true, align: 'right' },
];

export function UserPage({ params }: PageProps) {
  const id = Number(params.id);
  const path = `admin/users/${id}`;
  const detail = useApiQuery<AdminUserDetail>(path);
  const [tab, setTab] = useTabParam<Tab>(TABS, 'profile', (t) => t !== 'delete' || !detail.data?.isPending);
  // The profile form is drawn afresh from the saved user (its key): the success alert lives here.
  const [saved, setSaved] = useState(false);
  const fallback = queryFallback(detail, 'User');
  if (fallback) return fallback;
  const d = detail.data!;
  const u = d.user;
  const reload = () => detail.refetch();

  return (
    <PageLayout
      title={
        <Group gap="xs">
          <span>{u.userName}</span>
          {d.isPending && <Badge color="yellow">Pending</Badge>}
          {d.hasApiAccess && <Badge color="grape">API access</Badge>}
          {u.isLockedOut && <Badge color="red">Locked until {formatDateTime(u.lockoutEndDate)}</Badge>}
          {u.roles.includes('Admin') && <Badge>Admin</Badge>}
          {u.roles.includes('PartialAdmin') && <Badge variant="light">Partial admin</Badge>}
        </Group>
      }
      documentTitle={`User ${u.userName}`}
      actions={
        <RouteLink to={ROUTES.AdminUsers}>
          Back to users
        </RouteLink>
      }
    >
      {!d.canManage && <Alert color="yellow">This is an administrator's account: only a full administrator may change it.</Alert>}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="profile">Profile</Tabs.Tab>
          <Tabs.Tab value="projects">Projects ({d.numProjects})</Tabs.Tab>
          <Tabs.Tab value="usage">Usage statistics</Tabs.Tab>
          {d.canManage && <Tabs.Tab value="password">Reset password</Tabs.Tab>}
          {d.canManage && <Tabs.Tab value="codes">Access codes</Tabs.Tab>}
          <Tabs.Tab value="api">API access</Tabs.Tab>
          {!d.isPending && d.canManage && <Tabs.Tab value="delete">Delete account</Tabs.Tab>}
          <Tabs.Tab value="audit">Audit log</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile" pt="md">
          <AccountStatus detail={d} onChange={reload} />
          <SuccessAlert show={saved} onClose={() => setSaved(false)} />
          <ProfileForm key={`${u.id}-${JSON.stringify(u)}`} detail={d} onSaved={async () => (await reload(), setSaved(true))} />
        </Tabs.Panel>
        <Tabs.Panel value="projects" pt="md">
          <DataGrid<AdminProjectRow> api={`admin/users/projects/${id}`} items="projects" columns={PROJECT_COLUMNS} rowKey={(r) => r.id} perPage={20} defaultSort="lastModifiedDate_desc" />
        </Tabs.Panel>
        <Tabs.Panel value="usage" pt="md">
          <Suspense fallback={<Text c="dimmed">Loading the chart…</Text>}>
            <UsageChart chart={d.statistics} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="password" pt="md">
          <PasswordForm userId={id} onSaved={reload} />
        </Tabs.Panel>
        <Tabs.Panel value="codes" pt="md">
          <AccessCodes userId={id} onIssued={reload} />
        </Tabs.Panel>
        <Tabs.Panel value="api" pt="md">
          <ApiAccess detail={d} onChange={reload} />
        </Tabs.Panel>
        <Tabs.Panel value="delete" pt="md">
          <DeleteAccount detail={d} />
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="md">
          <AuditLog entries={d.auditLog} />
        </Tabs.Panel>
      </Tabs>
    </PageLayout>
  );
}

/** Roles, lockout and approval: the account's state and the actions on it. */
function AccountStatus({ detail, onChange }: { detail: AdminUserDetail; onChange: () => unknown }) {
  const u = detail.user;
  const session = useSession();
  const self = session.user?.id === u.id;
  const [done, setDone] = useState<string>();
  const action = useAction(async (fn: () => Promise<unknown>, message: string) => {
    await fn();
    setDone(message);
    await onChange();
  });
  const mainRole = u.roles.includes('Admin') ? 'Admin' : u.roles.includes('PartialAdmin') ? 'PartialAdmin' : 'Registered';
  const roleOptions = [
    { value: 'Registered', label: 'Registered user' },
    { value: 'PartialAdmin', label: 'Partial administrator' },
    ...(detail.canGrantAdmin || mainRole === 'Admin' ? [{ value: 'Admin', label: 'Administrator' }] : []),
  ];

  return (
    <Paper withBorder p="md" mb="md">
      <Stack gap="xs">
        <SuccessAlert show={!!done} message={done} onClose={() => setDone(undefined)} />
        <ErrorList error={action.error} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Text size="sm">Registered: {formatDateTime(u.registrationDate)}</Text>
          <Text size="sm">Last login: {formatDateTime(u.lastLoginDate) || 'never'}</Text>
          <Text size="sm">Email confirmed: {u.emailConfirmed ? 'Yes' : 'No'}</Text>
        </SimpleGrid>
        {detail.isPending ? (
          <Group>
            <Text size="sm">This account is waiting for approval.</Text>
            <Button size="xs" loading={action.busy} onClick={() => action.run(() => api.get(`admin/users/approve?id=${u.id}`), 'The account has been approved.')}>
              Approve
            </Button>
          </Group>
        ) : (
          <Group align="end">
            <NativeSelect
              label="Role"
              data={roleOptions}
              value={mainRole}
              disabled={!detail.canManage || self || action.busy}
              onChange={(e) => {
                const value = e.currentTarget.value;
                void action.run(() => api.post(`admin/users/setrole/${u.id}`, { value }), 'The role has been changed.');
              }}
              w={260}
              data-testid="role-select"
            />
            {detail.canManage && !self && (
              u.isLockedOut ? (
                <Button variant="light" loading={action.busy} onClick={() => action.run(() => api.get(`admin/users/setlock/${u.id}/-1`), 'The account has been unlocked.')}>
                  Unlock
                </Button>
              ) : (
                <Button variant="light" color="red" loading={action.busy} onClick={() => action.run(() => api.get(`admin/users/setlock/${u.id}/${LOCKOUT_DAYS}`), `The account is locked for ${LOCKOUT_DAYS} days.`)}>
                  Lock for {LOCKOUT_DAYS} days
                </Button>
              )
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function ProfileForm({ detail, onSaved }: { detail: AdminUserDetail; onSaved: () => unknown }) {
  const u = detail.user;
  const initial = {
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    affiliation: u.affiliation,
    organizationCategory: u.organizationCategory,
    reasonForUse: u.reasonForUse,
    country: u.country,
    state: u.state ?? '',
    units: String(u.units),
    tierID: u.tierID === null ? '' : String(u.tierID),
    tierExpiration: u.tierExpiration ? u.tierExpiration.slice(0, 10) : '',
  };
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();
  const set = (k: keyof typeof initial) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const loc = detail.location;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errors: Record<string, string[]> = {};
    for (const f of ['firstName', 'lastName', 'email', 'affiliation', 'organizationCategory', 'reasonForUse', 'country', 'units'] as const) if (!values[f].trim()) errors[f] = [ACCOUNT_MESSAGES.required];
    if (values.email.trim() && !isValidEmail(values.email.trim())) errors.email = [ACCOUNT_MESSAGES.invalidEmail];
    if (values.country === UNITED_STATES && !values.state) errors.state = [ACCOUNT_MESSAGES.required];
    if (!form.check(errors)) return;
    setBusy(true);
    try {
      await api.post(`admin/users/${u.id}`, {
        ...values,
        state: values.country === UNITED_STATES ? values.state : null,
        units: Number(values.units),
        tierID: values.tierID ? Number(values.tierID) : null,
        tierExpiration: values.tierExpiration || null,
      });
      form.clear();
      await onSaved();
    } catch (err) {
      form.fromServer(err);
    } finally {
      setBusy(false);
    }
  };

  const tierOptions = [{ value: '', label: `Default tier (${detail.tiers.find((t) => t.isDefault)?.text ?? 'none'})` }, ...detail.tiers.map((t) => ({ value: String(t.value), label: t.text }))];
  const readOnly = !detail.canManage;
  return (
    <form onSubmit={submit} noValidate data-testid="admin-profile-form">
      <Stack gap="sm" maw={900}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required readOnly={readOnly} value={values.firstName} onChange={set('firstName')} error={form.of('firstName')} />
          <TextInput label="Last name" required readOnly={readOnly} value={values.lastName} onChange={set('lastName')} error={form.of('lastName')} />
          <TextInput label="Email" type="email" required readOnly={readOnly} value={values.email} onChange={set('email')} error={form.of('email')} />
          <TextInput label="Company or organization" required readOnly={readOnly} value={values.affiliation} onChange={set('affiliation')} error={form.of('affiliation')} />
          <NativeSelect label="Category" required disabled={readOnly} data={withBlank(loc.organizationCategories)} value={values.organizationCategory} onChange={set('organizationCategory')} error={form.of('organizationCategory')} />
          <NativeSelect label="Units" required disabled={readOnly} data={UNITS.map((x) => ({ value: String(x.value), label: x.label }))} value={values.units} onChange={set('units')} error={form.of('units')} />
          <NativeSelect label="Country" required disabled={readOnly} data={withBlank(loc.countries)} value={values.country} onChange={set('country')} error={form.of('country')} />
          {values.country === UNITED_STATES ? <NativeSelect label="State" required disabled={readOnly} data={withBlank(loc.states)} value={values.state} onChange={set('state')} error={form.of('state')} /> : <div />}
          <NativeSelect label="Tier" disabled={readOnly} data={tierOptions} value={values.tierID} onChange={set('tierID')} error={form.of('tierID')} data-testid="tier-select" />
          <TextInput label="Tier expiration" description="Blank: no expiration. After it the default tier applies." type="date" readOnly={readOnly} value={values.tierExpiration} onChange={set('tierExpiration')} error={form.of('tierExpiration')} />
        </SimpleGrid>
        <Textarea label="Reason for use" required readOnly={readOnly} autosize minRows={2} value={values.reasonForUse} onChange={set('reasonForUse')} error={form.of('reasonForUse')} />
        <ErrorList error={form.summary} />
        {!readOnly && (
          <Group>
            <Button type="submit" loading={busy} disabled={!dirty}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function PasswordForm({ userId, onSaved }: { userId: number; onSaved: () => unknown }) {
  const [value, setValue] = useState('');
  const [compare, setCompare] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errors: Record<string, string[]> = {};
    if (!value) errors.value = [ACCOUNT_MESSAGES.required];
    else if (!isStrongPassword(value)) errors.value = [ACCOUNT_MESSAGES.passwordRequirements];
    if (compare !== value) errors.comparePassword = [ACCOUNT_MESSAGES.passwordsMustMatch];
    if (!form.check(errors)) return;
    setBusy(true);
    try {
      await api.post(`admin/users/password/${userId}`, { value, comparePassword: compare });
      setValue('');
      setCompare('');
      form.clear();
      setDone(true);
      await onSaved();
    } catch (err) {
      form.fromServer(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={480}>
        <SuccessAlert show={done} message="The password has been changed. The user was signed out everywhere." onClose={() => setDone(false)} />
        <PasswordInput label="New password" required autoComplete="new-password" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={form.of('value')} />
        <PasswordInput label="Confirm password" required autoComplete="new-password" value={compare} onChange={(e) => setCompare(e.currentTarget.value)} error={form.of('comparePassword')} />
        <Text size="xs" c="dimmed">
          {ACCOUNT_MESSAGES.passwordRequirements}
        </Text>
        <ErrorList error={form.summary} />
        <Group>
          <Button type="submit" loading={busy}>
            Set password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AccessCodes({ userId, onIssued }: { userId: number; onIssued: () => unknown }) {
  const list = useApiQuery<AccessCode[]>(`admin/users/accesscodes/${userId}`);
  const [issued, setIssued] = useState<{ code: string; expiryDate: string } | null>(null);
  const action = useAction(async () => {
    setIssued(await api.post<{ code: string; expiryDate: string }>(`admin/users/accesscodes/${userId}`));
    await list.refetch();
    await onIssued();
  });
  return (
    <Stack gap="sm" maw={700}>
      <Text size="sm">
        Codes the user has been sent and not used yet. Codes are stored encrypted and cannot be shown; when a sign-in code does not arrive, issue a new one here and pass it on. It replaces the earlier sign-in code.
      </Text>
      <ErrorList error={list.error ?? action.error} />
      {list.data && list.data.length === 0 && <Text c="dimmed">The user has no open codes.</Text>}
      {list.data && list.data.length > 0 && (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Expires</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.kind}</Table.Td>
                <Table.Td>{formatDateTime(c.createdDate)}</Table.Td>
                <Table.Td>{formatDateTime(c.expiryDate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {issued && (
        <Alert color="blue" title="New sign-in code (shown once)">
          <Code fz="lg" data-testid="issued-code">
            {issued.code}
          </Code>{' '}
          expires {formatDateTime(issued.expiryDate)}
        </Alert>
      )}
      <Group>
        <Button loading={action.busy} onClick={() => action.run()}>
          Issue a sign-in code
        </Button>
      </Group>
    </Stack>
  );
}

type ApiClientInfo = { hasApiAccess: boolean; clients: { sharedKey: string; createdAt: string; revokedAt: string | null; lastUsedAt: string | null }[] };
type ApiRequestRow = { id: number; requestType: string; name: string; status: string; lastModifiedDate: string; createdDate: string };

const REQUEST_COLUMNS: GridColumn<ApiRequestRow>[] = [
  { key: 'requestType', title: 'Type', sortable: true },
  {
    key: 'name',
    title: 'Name',
    sortable: true,
    // spec 3 §2.3: the user's API requests link to /api/batch/{id}
    render: (r) =>
      /batch/i.test(r.requestType) ? (
        <RouteLink to={ROUTES.BatchView} params={{ id: r.id }} plain>
          {r.name}
        </RouteLink>
      ) : (
        r.name
      ),
  },
  { key: 'status', title: 'Status', sortable: true },
  { key: 'lastModifiedDate', title: 'Last modified', sortable: true, render: (r) => formatDateTime(r.lastModifiedDate) },
  { key: 'createdDate', title: 'Created', sortable: true, render: (r) => formatDateTime(r.createdDate) },
];

/** The API access tab: the ApiUser role and the user's key pair (made and revoked by the API
 * clients module: POST admin/users/apiAccess/{id}, DELETE admin/users/deleteApiAccess/{id}); the
 * secret key is shown once, when it is made. */
function ApiAccess({ detail, onChange }: { detail: AdminUserDetail; onChange: () => unknown }) {
  const id = detail.user.id;
  const info = useApiQuery<ApiClientInfo>(`admin/users/apiAccess/${id}`, { retry: false });
  const [keys, setKeys] = useState<{ sharedKey: string; secretKey: string } | null>(null);
  const [revoking, setRevoking] = useState(false);
  const action = useAction(async (fn: () => Promise<unknown>) => {
    await fn();
    await info.refetch();
    await onChange();
  });
  const unavailable = info.error instanceof ApiError && info.error.status === 404;
  const active = info.data?.clients.find((c) => !c.revokedAt);
  return (
    <Stack gap="sm">
      <ErrorList error={action.error ?? (unavailable ? null : info.error)} />
      <Group>
        <Text size="sm">API user role: {detail.hasApiAccess ? 'Yes' : 'No'}</Text>
        {detail.canManage && (
          <Button size="xs" variant="light" loading={action.busy} onClick={() => action.run(() => api.post(`admin/users/setrole/${id}`, { value: 'ApiUser', remove: detail.hasApiAccess }))}>
            {detail.hasApiAccess ? 'Remove the API user role' : 'Give the API user role'}
          </Button>
        )}
      </Group>
      {unavailable ? (
        <Text c="dimmed" size="sm">
          API keys are not available on this site.
        </Text>
      ) : (
        info.data && (
          <>
            <Title order={5}>API keys</Title>
            {active ? (
              <Text size="sm">
                Active key <Code>{active.sharedKey}</Code> made {formatDateTime(active.createdAt)}; last used {formatDateTime(active.lastUsedAt) || 'never'}.
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                The user has no active API key.
              </Text>
            )}
            {keys && (
              <Alert color="blue" title="New API keys (the secret key is shown only now)">
                <Stack gap={4}>
                  <Text size="sm">
                    Shared key: <Code data-testid="shared-key">{keys.sharedKey}</Code>
                  </Text>
                  <Text size="sm">
                    Secret key: <Code data-testid="secret-key">{keys.secretKey}</Code>
                  </Text>
                </Stack>
              </Alert>
            )}
            {detail.canManage && !detail.isPending && (
              <Group>
                <Button size="xs" loading={action.busy} onClick={() => action.run(async () => setKeys(await api.post(`admin/users/apiAccess/${id}`)))}>
                  {active ? 'Replace the API keys' : 'Create API keys'}
                </Button>
                {active && (
                  <Button size="xs" color="red" variant="light" onClick={() => setRevoking(true)}>
                    Revoke API access
                  </Button>
                )}
              </Group>
            )}
            <Title order={5}>API requests</Title>
            <DataGrid<ApiRequestRow> api={`admin/users/apirequests/${id}`} items="API requests" columns={REQUEST_COLUMNS} rowKey={(r) => r.id} perPage={20} defaultSort="lastModifiedDate_desc" filterable={false} />
          </>
        )
      )}
      <ConfirmDialog
        opened={revoking}
        title="Revoke API access"
        confirmLabel="Revoke"
        danger
        locked
        busy={action.busy}
        onCancel={() => setRevoking(false)}
        onConfirm={async () => {
          if (await action.run(() => api.delete(`admin/users/deleteApiAccess/${id}`))) {
            setKeys(null);
            setRevoking(false);
          }
        }}
      >
        Every key of this user stops working at once, and the API user role is removed.
      </ConfirmDialog>
    </Stack>
  );
}

/** Spec 3 §5: deleting needs the word DELETE typed. */
function DeleteAccount({ detail }: { detail: AdminUserDetail }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const link = useLinks();
  const navigate = useNavigate();
  const action = useAction(async () => {
    await api.delete(`account/delete?userId=${detail.user.id}`);
    navigate(link(ROUTES.AdminUsers) ?? '/');
  });
  useEffect(() => setError(undefined), [typed]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed !== 'DELETE') return setError(ACCOUNT_MESSAGES.typeDelete);
    void action.run();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={480}>
        <Alert color="red">
          This permanently deletes {detail.user.userName}'s account and their {detail.numProjects} project{detail.numProjects === 1 ? '' : 's'}. Type DELETE to confirm.
        </Alert>
        <TextInput label="Type DELETE" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} error={error} data-testid="delete-confirm" />
        <ErrorList error={action.error} />
        <Group>
          <Button type="submit" color="red" loading={action.busy}>
            Delete account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AuditLog({ entries }: { entries: AuditEntry[] }) {
  if (!entries.length) return <Text c="dimmed">No administrator has changed this account yet.</Text>;
  return (
    <Table striped withTableBorder data-testid="audit-log">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Who</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th>Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td>{formatDateTime(e.date)}</Table.Td>
            <Table.Td>{e.actor}</Table.Td>
            <Table.Td>{e.action}</Table.Td>
            <Table.Td>{e.details}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
