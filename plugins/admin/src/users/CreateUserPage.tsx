// /admin/users/create (spec 3 §2.3 'Manually add new user', §3 Admin-created user payload, §5):
// the new account needs no email confirmation and is approved at once. compareEmail and
// comparePassword are checked here and not sent.
import { Alert, Button, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { ACCOUNT_MESSAGES, ErrorList, PageLayout, ROUTES, UNITED_STATES, api, normalizeRegistration, useApiQuery, useLinks, useNavigate, validateRegistration } from '@headwater/plugin-sdk';
import { useState, type FormEvent } from 'react';
import { useFormErrors, withBlank, type LocationData } from '@headwater/plugin-sdk';

const EMPTY = { firstName: '', lastName: '', email: '', compareEmail: '', affiliation: '', organizationCategory: '', reasonForUse: '', country: UNITED_STATES, state: '', userName: '', password: '', comparePassword: '' };

export function CreateUserPage() {
  const location = useApiQuery<LocationData>('account/locationdata', { staleTime: 10 * 60_000 });
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();
  const link = useLinks();
  const navigate = useNavigate();
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
      const { compareEmail: _c, comparePassword: _p, recaptchaToken: _r, ...payload } = reg;
      const created = await api.post<{ id: number }>('admin/users', payload);
      const to = link(ROUTES.AdminUser, { id: created.id });
      if (to) navigate(to);
      else setValues(EMPTY);
    } catch (err) {
      form.fromServer(err); // spec 3 §8: shown without the unauthorized-to-login handling
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title="Manually add new user" size="lg">
      <form onSubmit={submit} noValidate data-testid="create-user-form">
        <Stack gap="sm">
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
    </PageLayout>
  );
}
