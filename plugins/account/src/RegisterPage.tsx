// The Register modal of the home page (spec 1 §2): every registration field, the captcha, the
// spec's validation messages, trimmed values; afterwards what happens next.
import { Alert, Button, Group, Modal, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  ACCOUNT_MESSAGES,
  ErrorList,
  UNITED_STATES,
  api,
  normalizeRegistration,
  useApiQuery,
  useSession,
  validateRegistration,
  type PageProps,
  SITE_ROOT,
} from '@headwater/plugin-sdk';
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Captcha } from './Captcha.tsx';
import { useFormErrors, withBlank, type LocationData } from './forms.ts';

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  compareEmail: '',
  affiliation: '',
  organizationCategory: '',
  reasonForUse: '',
  country: UNITED_STATES,
  state: '',
  userName: '',
  password: '',
  comparePassword: '',
};

export function RegisterPage(_props: PageProps) {
  const navigate = useNavigate();
  const session = useSession();
  const location = useApiQuery<LocationData>('account/locationdata', { staleTime: 10 * 60_000 });
  const [values, setValues] = useState(EMPTY);
  const [captcha, setCaptcha] = useState<string>();
  const [captchaKey, setCaptchaKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const form = useFormErrors();
  const set = (k: keyof typeof EMPTY) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value; // read now: React clears currentTarget after the event
    setValues((v) => ({ ...v, [k]: value }));
  };
  const onToken = useCallback((t: string | undefined) => setCaptcha(t), []);

  const close = () => navigate(SITE_ROOT);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const reg = normalizeRegistration({ ...values, recaptchaToken: captcha });
    if (!form.check(validateRegistration(reg, { requireConfirmations: true }))) return;
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>('account/register', reg);
      setDone(res.message);
    } catch (err) {
      form.fromServer(err);
      setCaptchaKey((k) => k + 1); // a challenge is good once: fetch a new one
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={close} title="Register" size="lg" data-testid="register-modal">
      {done ? (
        <Stack>
          <Alert color="green" data-testid="register-done">
            {done || ACCOUNT_MESSAGES.registered}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button
              onClick={() => {
                navigate(SITE_ROOT);
                session.requestLogin();
              }}
            >
              Log in
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate data-testid="register-form">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" required value={values.firstName} onChange={set('firstName')} error={form.of('firstName')} />
              <TextInput label="Last name" required value={values.lastName} onChange={set('lastName')} error={form.of('lastName')} />
              <TextInput label="Email" type="email" required autoComplete="email" value={values.email} onChange={set('email')} error={form.of('email')} />
              <TextInput label="Confirm email" type="email" required value={values.compareEmail} onChange={set('compareEmail')} error={form.of('compareEmail')} />
              <TextInput label="Company or organization" required value={values.affiliation} onChange={set('affiliation')} error={form.of('affiliation')} />
              <NativeSelect label="Category" required data={withBlank(location.data?.organizationCategories)} value={values.organizationCategory} onChange={set('organizationCategory')} error={form.of('organizationCategory')} />
              <NativeSelect
                label="Country"
                required
                data={withBlank(location.data?.countries ?? [UNITED_STATES])}
                value={values.country}
                onChange={set('country')}
                error={form.of('country')}
              />
              {values.country === UNITED_STATES ? (
                <NativeSelect label="State" required data={withBlank(location.data?.states)} value={values.state} onChange={set('state')} error={form.of('state')} />
              ) : (
                <div />
              )}
            </SimpleGrid>
            <Textarea label="Reason for use" required autosize minRows={2} value={values.reasonForUse} onChange={set('reasonForUse')} error={form.of('reasonForUse')} />
            <TextInput
              label="User name"
              required
              autoComplete="username"
              description={ACCOUNT_MESSAGES.userNameHint}
              value={values.userName}
              onChange={set('userName')}
              error={form.of('userName')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput label="Password" required autoComplete="new-password" value={values.password} onChange={set('password')} error={form.of('password')} />
              <PasswordInput label="Confirm password" required autoComplete="new-password" value={values.comparePassword} onChange={set('comparePassword')} error={form.of('comparePassword')} />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {ACCOUNT_MESSAGES.passwordRequirements}
            </Text>
            <Captcha onToken={onToken} resetKey={captchaKey} error={form.of('recaptchaToken')} />
            <ErrorList error={form.summary} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Register
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
