// The account page /account (spec 1 §2): Profile, Change email, Change password, Tier
// Limitations (with the tier request form) and Delete account, and a back button.
import { Alert, Badge, Button, Card, Group, Loader, NativeSelect, PasswordInput, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import {
  ACCOUNT_MESSAGES,
  ErrorList,
  MESSAGES,
  PageLayout,
  SuccessAlert,
  UNITED_STATES,
  UNITS,
  api,
  TiersTable,
  type Tier as SdkTier,
  getToken,
  normalizeProfile,
  useApiQuery,
  useSession,
  useTabParam,
  validateNewEmail,
  validatePasswordChange,
  validateProfile,
  type PageProps,
  SITE_ROOT,
} from '@headwater/plugin-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useFormErrors, useFormValues, withBlank, type LocationData } from './forms.ts';

type Profile = {
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  affiliation: string;
  organizationCategory: string;
  reasonForUse: string;
  country: string;
  state: string | null;
  units: number;
};
type Tier = SdkTier & { description: string; expirationDate?: string | null };
type ProfileResponse = { profile: Profile; tier: Tier | null; location: LocationData; tiers: Tier[]; tierRequest: { value: string; time: string; createdAt: string } | null };

/** The tabs, as `?tab=` names them (`tiers`, ACCOUNT_TIER_TAB, opens Tier Limitations: the tier warnings link there). */
export const ACCOUNT_TABS = ['profile', 'email', 'password', 'tiers', 'delete'] as const;

export function AccountPage(_props: PageProps) {
  const navigate = useNavigate();
  const data = useApiQuery<ProfileResponse>('account/profile');
  const [tab, setTab] = useTabParam(ACCOUNT_TABS, 'profile');
  return (
    <PageLayout
      title="My account"
      actions={
        <Button variant="default" onClick={() => navigate(-1)}>
          Back
        </Button>
      }
    >
      <ErrorList error={data.error} />
      {data.isLoading && <Loader />}
      {data.data && (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="profile">Profile</Tabs.Tab>
            <Tabs.Tab value="email">Change email</Tabs.Tab>
            <Tabs.Tab value="password">Change password</Tabs.Tab>
            <Tabs.Tab value="tiers">Tier Limitations</Tabs.Tab>
            <Tabs.Tab value="delete">Delete account</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile" pt="md">
            <ProfileTab data={data.data} />
          </Tabs.Panel>
          <Tabs.Panel value="email" pt="md">
            <EmailTab email={data.data.profile.email} />
          </Tabs.Panel>
          <Tabs.Panel value="password" pt="md">
            <PasswordTab />
          </Tabs.Panel>
          <Tabs.Panel value="tiers" pt="md">
            <TiersTab data={data.data} />
          </Tabs.Panel>
          <Tabs.Panel value="delete" pt="md">
            <DeleteTab />
          </Tabs.Panel>
        </Tabs>
      )}
    </PageLayout>
  );
}

function ProfileTab({ data }: { data: ProfileResponse }) {
  const session = useSession();
  const client = useQueryClient();
  const p = data.profile;
  const { values, set } = useFormValues({ ...p, state: p.state ?? '', units: String(p.units) });
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const profile = normalizeProfile(values);
    if (!form.check(validateProfile(profile))) return;
    setBusy(true);
    try {
      await api.post('account/profile', profile);
      form.clear();
      setSaved(true);
      await client.invalidateQueries({ queryKey: ['api', 'account/profile'] });
      const token = getToken();
      if (token) await session.signIn(token); // the session user carries the units preference
    } catch (err) {
      form.fromServer(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      <Stack maw={720}>
        <Group>
          <Text>
            User name: <b>{p.userName}</b>
          </Text>
          <Text>
            Email: <b>{p.email}</b>
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required value={values.firstName} onChange={set('firstName')} error={form.of('firstName')} />
          <TextInput label="Last name" required value={values.lastName} onChange={set('lastName')} error={form.of('lastName')} />
          <TextInput label="Company or organization" required value={values.affiliation} onChange={set('affiliation')} error={form.of('affiliation')} />
          <NativeSelect label="Category" required data={withBlank(data.location.organizationCategories)} value={values.organizationCategory} onChange={set('organizationCategory')} error={form.of('organizationCategory')} />
          <NativeSelect label="Country" required data={withBlank(data.location.countries)} value={values.country} onChange={set('country')} error={form.of('country')} />
          {values.country === UNITED_STATES ? (
            <NativeSelect label="State" required data={withBlank(data.location.states)} value={values.state} onChange={set('state')} error={form.of('state')} />
          ) : (
            <div />
          )}
          <NativeSelect label="Units" required data={UNITS.map((u) => ({ value: String(u.value), label: u.label }))} value={values.units} onChange={set('units')} error={form.of('units')} />
        </SimpleGrid>
        <Textarea label="Reason for use" required autosize minRows={2} value={values.reasonForUse} onChange={set('reasonForUse')} error={form.of('reasonForUse')} />
        <ErrorList error={form.summary} />
        <SuccessAlert show={saved} onClose={() => setSaved(false)} />
        <Button type="submit" loading={busy} w="fit-content">
          Save
        </Button>
      </Stack>
    </form>
  );
}

function EmailTab({ email }: { email: string }) {
  const { values, set } = useFormValues({ value: '', compareEmail: '' });
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = values.value.trim();
    if (!form.check(validateNewEmail(value, values.compareEmail.trim()))) return;
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>('account/changeemail', { value });
      setSent(res.message);
    } catch (err) {
      form.fromServer(err);
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Alert color="green" data-testid="email-sent" maw={720}>
        {sent}
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate data-testid="email-form">
      <Stack maw={480}>
        <Text size="sm">
          Your current address is <b>{email}</b>. A verification link goes to the new address; the change takes effect when you follow it.
        </Text>
        <TextInput label="New email" type="email" value={values.value} onChange={set('value')} error={form.of('value')} />
        <TextInput label="Confirm new email" type="email" value={values.compareEmail} onChange={set('compareEmail')} error={form.of('compareEmail')} />
        <ErrorList error={form.summary} />
        <Button type="submit" loading={busy} w="fit-content">
          Change email
        </Button>
      </Stack>
    </form>
  );
}

function PasswordTab() {
  const session = useSession();
  const empty = { oldPassword: '', newPassword: '', comparePassword: '' };
  const { values, setValues, set } = useFormValues(empty);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.check(validatePasswordChange(values.oldPassword, values.newPassword, values.comparePassword))) return;
    setBusy(true);
    try {
      const res = await api.post<{ auth_token: string }>('account/changepassword', { oldPassword: values.oldPassword, newPassword: values.newPassword });
      await session.signIn(res.auth_token); // older tokens are revoked; this session continues
      setValues(empty);
      form.clear();
      setSaved(true);
    } catch (err) {
      form.fromServer(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="password-form">
      <Stack maw={480}>
        <PasswordInput label="Current password" autoComplete="current-password" value={values.oldPassword} onChange={set('oldPassword')} error={form.of('oldPassword')} />
        <PasswordInput label="New password" autoComplete="new-password" description={ACCOUNT_MESSAGES.passwordRequirements} value={values.newPassword} onChange={set('newPassword')} error={form.of('newPassword')} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" value={values.comparePassword} onChange={set('comparePassword')} error={form.of('comparePassword')} />
        <ErrorList error={form.summary} />
        <SuccessAlert show={saved} message={ACCOUNT_MESSAGES.passwordChanged} onClose={() => setSaved(false)} />
        <Button type="submit" loading={busy} w="fit-content">
          Change password
        </Button>
      </Stack>
    </form>
  );
}

function TiersTab({ data }: { data: ProfileResponse }) {
  const { values, set } = useFormValues({ value: '', time: '' });
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { value: values.value.trim(), time: values.time.trim() };
    const errors: Record<string, string[]> = {};
    if (!body.value) errors.value = [MESSAGES.required];
    if (!body.time) errors.time = [MESSAGES.required];
    if (!form.check(errors)) return;
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>('account/tierrequest', body);
      setSent(res.message);
    } catch (err) {
      form.fromServer(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Card withBorder>
        <Group>
          <Text>Your tier:</Text>
          <Badge size="lg" data-testid="current-tier">
            {data.tier?.name ?? 'None'}
          </Badge>
          {data.tier?.expirationDate && <Text size="sm">Expires {new Date(data.tier.expirationDate).toLocaleDateString()}</Text>}
        </Group>
        {data.tier?.description && (
          <Text size="sm" c="dimmed" mt="xs">
            {data.tier.description}
          </Text>
        )}
      </Card>
      <TiersTable tiers={data.tiers} current={data.tier?.id} />
      <Text fw={600}>Request a higher tier</Text>
      {sent ? (
        <Alert color="green" data-testid="tier-request-sent">
          {sent}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate data-testid="tier-request-form">
          <Stack maw={720}>
            {data.tierRequest && (
              <Text size="sm" c="dimmed">
                Your request of {new Date(data.tierRequest.createdAt).toLocaleDateString()} is being reviewed.
              </Text>
            )}
            <Textarea label="Why do you need a higher tier?" autosize minRows={3} value={values.value} onChange={set('value')} error={form.of('value')} />
            <TextInput label="For how long (estimated)?" value={values.time} onChange={set('time')} error={form.of('time')} />
            <ErrorList error={form.summary} />
            <Button type="submit" loading={busy} w="fit-content">
              Send request
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

function DeleteTab() {
  const session = useSession();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const ok = text === 'DELETE';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ok) return setError(ACCOUNT_MESSAGES.typeDelete);
    setBusy(true);
    try {
      await api.delete('account/delete');
      session.logout();
      navigate(SITE_ROOT);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="delete-form">
      <Stack maw={480}>
        <Alert color="red">Deleting your account removes your projects and cannot be undone.</Alert>
        <TextInput label="Type DELETE to confirm" value={text} onChange={(e) => setText(e.currentTarget.value)} error={text && !ok ? ACCOUNT_MESSAGES.typeDelete : undefined} />
        <ErrorList error={error} />
        <Button type="submit" color="red" disabled={!ok} loading={busy} w="fit-content">
          Delete account
        </Button>
      </Stack>
    </form>
  );
}
