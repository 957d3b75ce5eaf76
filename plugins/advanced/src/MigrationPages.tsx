// Migration from version 1 (spec 3 §2.5, §5): /v1/check (user name or e-mail; a code is mailed
// to the version-1 address) and /v1/verify/{code} (code and e-mail, then the registration form
// prefilled from version 1 with the e-mail read-only and the projects to import, then the
// success message with a Log in button to /projects). The server checks everything again.
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ACCOUNT_MESSAGES, ErrorList, PageLayout, ROUTES, api, useLinks, useNavigate, useParams } from '@headwater/plugin-sdk';

export const V1_TEXT = {
  checkRequired: 'Please enter either your user name or email address from HAWQS version 1.',
  sent: 'An email with a verification code was sent to the address of your version 1 account. If it does not arrive, please check your junk mail folder; if it has not arrived after a few hours, please contact support.',
  notImported: 'Land use updates, point sources and print variables of version 1 scenarios are not imported.',
  done: 'Your account is set up. Your old projects are importing in the background: this can take several hours. You will receive a notification and an email when it is done.',
  doneNoImport: 'Your account is set up.',
  password: 'Must be at least 10 characters with a number and special character',
} as const;

const LABELS: Record<string, string> = { code: 'Verification code', email: 'Email address', firstName: 'First name', lastName: 'Last name', userName: 'User name', password: 'Password', comparePassword: 'Confirm password', country: 'Country', state: 'State', organizationCategory: 'Organization category', affiliation: 'Affiliation', reasonForUse: 'Reason for use' };
/** Field problems as the error list shows them: 'Password: Must be at least…'. */
const listed = (errors: Record<string, string[]>) => Object.entries(errors).flatMap(([k, ms]) => ms.map((m) => `${LABELS[k] ?? k}: ${m}`));

export function MigrationCheckPage() {
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setError(null);
    if (!userName.trim() && !email.trim()) return setError(V1_TEXT.checkRequired);
    setBusy(true);
    try {
      await api.post('version1/checkuser', { userName: userName.trim(), email: email.trim() });
      setSent(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageLayout title="Set up your account from version 1" size="sm">
      {sent ? (
        <Alert color="blue" data-testid="v1-sent">
          {V1_TEXT.sent}
        </Alert>
      ) : (
        <Stack>
          <Text>Enter the user name or the email address of your version 1 account. We will email you a verification code.</Text>
          <TextInput label="Version 1 user name" value={userName} onChange={(e) => setUserName(e.currentTarget.value)} data-testid="v1-username" />
          <TextInput label="or email address" value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-testid="v1-email" />
          <ErrorList error={error} />
          <Group>
            <Button onClick={() => void submit()} loading={busy} data-testid="v1-check">
              Send the code
            </Button>
          </Group>
        </Stack>
      )}
    </PageLayout>
  );
}

type Verified = {
  firstName: string;
  lastName: string;
  email: string;
  userName: string;
  affiliation: string;
  reasonForUse: string;
  organizationCategory: string;
  country: string;
  state: string;
  projects: { id: number; name: string }[];
  location: { countries: string[]; states: string[]; organizationCategories: string[] };
};

export function MigrationVerifyPage() {
  const params = useParams();
  const navigate = useNavigate();
  const link = useLinks();
  const [code, setCode] = useState(params.code ?? '');
  const [email, setEmail] = useState('');
  const [v, setV] = useState<Verified | null>(null);
  const [form, setForm] = useState<Record<string, string>>({});
  const [chosen, setChosen] = useState<number[]>([]);
  const [all, setAll] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<null | boolean>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: string) => (value: string | null) => setForm((f) => ({ ...f, [k]: value ?? '' }));
  const verify = async () => {
    setError(null);
    const errors: Record<string, string[]> = {};
    if (!code.trim()) errors.code = ['Required'];
    if (!email.trim()) errors.email = ['Required'];
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errors.email = [ACCOUNT_MESSAGES.invalidEmail];
    if (Object.keys(errors).length) return setError(listed(errors));
    setBusy(true);
    try {
      const r = await api.post<Verified>('version1/verify', { code: code.trim(), email: email.trim() });
      setV(r);
      setForm({ firstName: r.firstName, lastName: r.lastName, userName: r.userName, affiliation: r.affiliation, reasonForUse: r.reasonForUse, organizationCategory: r.organizationCategory, country: r.country || 'United States', state: r.state, password: '', comparePassword: '' });
      setChosen(r.projects.map((p) => p.id));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const register = async () => {
    setError(null);
    const errors: Record<string, string[]> = {};
    const trimmed = Object.fromEntries(Object.entries(form).map(([k, x]) => [k, k.includes('assword') ? x : x.trim()]));
    for (const k of ['firstName', 'lastName', 'userName', 'password', 'comparePassword', 'country', 'organizationCategory', 'affiliation', 'reasonForUse']) if (!trimmed[k]) errors[k] = ['Required'];
    if (trimmed.country === 'United States' && !trimmed.state) errors.state = ['Required'];
    if (trimmed.password && !(trimmed.password.length >= 10 && /[a-z]/.test(trimmed.password) && /\d/.test(trimmed.password) && /[^A-Za-z0-9]|_/.test(trimmed.password))) errors.password = [V1_TEXT.password];
    if (trimmed.comparePassword && trimmed.comparePassword !== trimmed.password) errors.comparePassword = [ACCOUNT_MESSAGES.passwordsMustMatch];
    if (Object.keys(errors).length) return setError(listed(errors));
    setBusy(true);
    try {
      const r = await api.post<{ importing: boolean }>('version1/register', { ...trimmed, state: trimmed.country === 'United States' ? trimmed.state : null, code: code.trim(), email: v!.email, importAllProjects: all, projectsToImport: all ? [] : chosen });
      setDone(r.importing);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  if (done !== null)
    return (
      <PageLayout title="Your account is set up" size="sm">
        <Stack>
          <Alert color="green" data-testid="v1-done">
            {done ? V1_TEXT.done : V1_TEXT.doneNoImport}
          </Alert>
          <Group>
            <Button onClick={() => navigate(link(ROUTES.ProjectList) ?? '/projects')}>Log in</Button>
          </Group>
        </Stack>
      </PageLayout>
    );
  return (
    <PageLayout title="Verify your version 1 account" size="md">
      {!v ? (
        <Stack maw={480}>
          <TextInput label="Verification code" required value={code} onChange={(e) => setCode(e.currentTarget.value)} data-testid="v1-code" />
          <TextInput label="Email address" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-testid="v1-verify-email" />
          <ErrorList error={error} />
          <Group>
            <Button onClick={() => void verify()} loading={busy} data-testid="v1-verify">
              Verify
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required value={form.firstName} onChange={(e) => set('firstName')(e.currentTarget.value)} />
            <TextInput label="Last name" required value={form.lastName} onChange={(e) => set('lastName')(e.currentTarget.value)} />
            <TextInput label="Email" value={v.email} readOnly disabled />
            <TextInput label="User name" required value={form.userName} onChange={(e) => set('userName')(e.currentTarget.value)} data-testid="v1-form-username" />
            <PasswordInput label="Password" required description={ACCOUNT_MESSAGES.passwordRequirements} value={form.password} onChange={(e) => set('password')(e.currentTarget.value)} data-testid="v1-password" />
            <PasswordInput label="Confirm password" required value={form.comparePassword} onChange={(e) => set('comparePassword')(e.currentTarget.value)} data-testid="v1-compare-password" />
            <Select label="Country" required searchable data={v.location.countries} value={form.country} onChange={set('country')} />
            {form.country === 'United States' && <Select label="State" required searchable data={v.location.states} value={form.state || null} onChange={set('state')} />}
            <Select label="Organization category" required data={v.location.organizationCategories} value={form.organizationCategory || null} onChange={set('organizationCategory')} />
            <TextInput label="Affiliation" required value={form.affiliation} onChange={(e) => set('affiliation')(e.currentTarget.value)} />
            <TextInput label="Reason for use" required value={form.reasonForUse} onChange={(e) => set('reasonForUse')(e.currentTarget.value)} />
          </SimpleGrid>
          {v.projects.length > 0 && (
            <Stack gap="xs">
              <Text fw={500}>Projects to import</Text>
              <Checkbox label="Import all my projects" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} />
              {!all &&
                v.projects.map((p) => (
                  <Checkbox key={p.id} label={p.name} checked={chosen.includes(p.id)} onChange={(e) => setChosen((c) => (e.currentTarget.checked ? [...c, p.id] : c.filter((x) => x !== p.id)))} />
                ))}
              <Text size="sm" c="dimmed">
                {V1_TEXT.notImported}
              </Text>
            </Stack>
          )}
          <ErrorList error={error} />
          <Group>
            <Button onClick={() => void register()} loading={busy} data-testid="v1-register">
              Register
            </Button>
          </Group>
        </Stack>
      )}
    </PageLayout>
  );
}
