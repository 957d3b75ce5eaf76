// Administrators: accounts waiting for approval (GET admin/users/pending, GET
// admin/users/approve?id=) and 'Manually add new user' (POST admin/users; no e-mail
// confirmation is needed). The full user administration of spec 3 arrives with the admin area.
import { Alert, Badge, Button, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  ACCOUNT_MESSAGES,
  ErrorList,
  PageLayout,
  SuccessAlert,
  UNITED_STATES,
  api,
  normalizeRegistration,
  useApiQuery,
  validateRegistration,
  type PageProps,
} from '@headwater/plugin-sdk';
import { useState, type FormEvent } from 'react';
import { useFormErrors, withBlank, type LocationData } from './forms.ts';

type PendingUser = { id: number; userName: string; email: string; firstName: string; lastName: string; affiliation: string; organizationCategory: string; reasonForUse: string; country: string; state: string | null; emailConfirmed: boolean; registrationDate: string };

export function PendingUsersPage(_props: PageProps) {
  const list = useApiQuery<PendingUser[]>('admin/users/pending');
  const [done, setDone] = useState<string>();
  const [error, setError] = useState<unknown>();

  const approve = async (u: PendingUser) => {
    setError(undefined);
    try {
      await api.get(`admin/users/approve?id=${u.id}`);
      setDone(`${u.userName} approved.`);
    } catch (err) {
      setError(err);
    }
    await list.refetch();
  };

  return (
    <PageLayout title="Pending users">
      <SuccessAlert show={!!done} message={done} onClose={() => setDone(undefined)} />
      <ErrorList error={list.error ?? error} />
      {list.data && list.data.length === 0 && <Text c="dimmed">No accounts are waiting for approval.</Text>}
      {list.data && list.data.length > 0 && (
        <Table.ScrollContainer minWidth={800}>
          <Table striped withTableBorder data-testid="pending-users">
            <Table.Thead>
              <Table.Tr>
                {['User name', 'Name', 'Email', 'Organization', 'Category', 'Reason for use', 'Location', 'Registered', ''].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>{u.userName}</Table.Td>
                  <Table.Td>
                    {u.firstName} {u.lastName}
                  </Table.Td>
                  <Table.Td>
                    {u.email} {!u.emailConfirmed && <Badge color="yellow">unconfirmed</Badge>}
                  </Table.Td>
                  <Table.Td>{u.affiliation}</Table.Td>
                  <Table.Td>{u.organizationCategory}</Table.Td>
                  <Table.Td>{u.reasonForUse}</Table.Td>
                  <Table.Td>{[u.state, u.country].filter(Boolean).join(', ')}</Table.Td>
                  <Table.Td>{new Date(u.registrationDate).toLocaleDateString()}</Table.Td>
                  <Table.Td>
                    <Button size="xs" onClick={() => approve(u)}>
                      Approve
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateUserForm onCreated={(name) => setDone(`${name} created.`)} />
    </PageLayout>
  );
}

const EMPTY = { firstName: '', lastName: '', email: '', compareEmail: '', affiliation: '', organizationCategory: '', reasonForUse: '', country: UNITED_STATES, state: '', userName: '', password: '', comparePassword: '' };

function CreateUserForm({ onCreated }: { onCreated: (userName: string) => void }) {
  const location = useApiQuery<LocationData>('account/locationdata', { staleTime: 10 * 60_000 });
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();
  const set = (k: keyof typeof EMPTY) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const reg = normalizeRegistration(values);
    if (!form.check(validateRegistration(reg, { requireConfirmations: true }))) return;
    setBusy(true);
    try {
      const { compareEmail: _c, comparePassword: _p, recaptchaToken: _r, ...payload } = reg; // the confirmations are not sent (spec 3 §3)
      await api.post('admin/users', payload);
      onCreated(reg.userName);
      setValues(EMPTY);
      form.clear();
    } catch (err) {
      form.fromServer(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="create-user-form">
      <Stack gap="sm" maw={900}>
        <Title order={3}>Manually add new user</Title>
        <Alert color="blue">The new user does not need to confirm their email address and is approved at once.</Alert>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required value={values.firstName} onChange={set('firstName')} error={form.of('firstName')} />
          <TextInput label="Last name" required value={values.lastName} onChange={set('lastName')} error={form.of('lastName')} />
          <TextInput label="Email" type="email" required value={values.email} onChange={set('email')} error={form.of('email')} />
          <TextInput label="Confirm email" type="email" required value={values.compareEmail} onChange={set('compareEmail')} error={form.of('compareEmail')} />
          <TextInput label="Company or organization" required value={values.affiliation} onChange={set('affiliation')} error={form.of('affiliation')} />
          <NativeSelect label="Category" required data={withBlank(location.data?.organizationCategories)} value={values.organizationCategory} onChange={set('organizationCategory')} error={form.of('organizationCategory')} />
          <NativeSelect label="Country" required data={withBlank(location.data?.countries ?? [UNITED_STATES])} value={values.country} onChange={set('country')} error={form.of('country')} />
          {values.country === UNITED_STATES ? <NativeSelect label="State" required data={withBlank(location.data?.states)} value={values.state} onChange={set('state')} error={form.of('state')} /> : <div />}
        </SimpleGrid>
        <Textarea label="Reason for use" required autosize minRows={2} value={values.reasonForUse} onChange={set('reasonForUse')} error={form.of('reasonForUse')} />
        <TextInput label="User name" required description={ACCOUNT_MESSAGES.userNameHint} value={values.userName} onChange={set('userName')} error={form.of('userName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput label="Password" required autoComplete="new-password" value={values.password} onChange={set('password')} error={form.of('password')} />
          <PasswordInput label="Confirm password" required autoComplete="new-password" value={values.comparePassword} onChange={set('comparePassword')} error={form.of('comparePassword')} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {ACCOUNT_MESSAGES.passwordRequirements}
        </Text>
        <ErrorList error={form.summary} />
        <Group>
          <Button type="submit" loading={busy}>
            Create user
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
