// The pages mailed links open (spec 1 §2): confirm/:userId/:code, changeemail/:userId/:code/:email
// (each logs out afterwards), and reset/:code (form, then the login form).
import { Alert, Button, Center, Container, Loader, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { ACCOUNT_MESSAGES, ErrorList, api, useSession, validatePasswordReset, type PageProps } from '@headwater/plugin-sdk';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFormErrors, useFormValues } from './forms.ts';

function useLinkCall(path: string) {
  const session = useSession();
  const [state, setState] = useState<{ message?: string; error?: unknown }>({});
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api.get<{ message: string }>(path).then(
      (res) => {
        setState({ message: res.message });
        session.logout();
      },
      (error: unknown) => setState({ error }),
    );
  }, [path, session]);
  return state;
}

function LinkResult({ title, state }: { title: string; state: { message?: string; error?: unknown } }) {
  const session = useSession();
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="lg">
        <Stack>
          <Title order={3}>{title}</Title>
          {!state.message && !state.error && (
            <Center>
              <Loader />
            </Center>
          )}
          {state.message && (
            <>
              <Alert color="green" data-testid="link-result">
                {state.message}
              </Alert>
              <Button onClick={() => session.requestLogin()} w="fit-content">
                Log in
              </Button>
            </>
          )}
          <ErrorList error={state.error} />
        </Stack>
      </Paper>
    </Container>
  );
}

export function ConfirmPage({ params }: PageProps) {
  const state = useLinkCall(`account/confirm?userId=${encodeURIComponent(params.userId ?? '')}&code=${encodeURIComponent(params.code ?? '')}`);
  return <LinkResult title="Confirm your account" state={state} />;
}

export function ChangeEmailPage({ params }: PageProps) {
  const state = useLinkCall(
    `account/confirmEmailChange?userId=${encodeURIComponent(params.userId ?? '')}&code=${encodeURIComponent(params.code ?? '')}&newEmail=${encodeURIComponent(params.email ?? '')}`,
  );
  return <LinkResult title="Confirm your new email address" state={state} />;
}

export function ResetPage({ params }: PageProps) {
  const session = useSession();
  const { values, set } = useFormValues({ userName: '', password: '', comparePassword: '' });
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const userName = values.userName.trim();
    if (!form.check(validatePasswordReset(userName, values.password, values.comparePassword))) return;
    setBusy(true);
    try {
      await api.post('account/resetpassword', { code: params.code, userName, password: values.password });
      session.logout();
      setDone(true);
      session.requestLogin(ACCOUNT_MESSAGES.resetDone);
    } catch (err) {
      form.fromServer(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg">
        <Stack>
          <Title order={3}>Reset your password</Title>
          {done ? (
            <>
              <Alert color="green" data-testid="reset-done">
                {ACCOUNT_MESSAGES.resetDone}
              </Alert>
              <Button onClick={() => session.requestLogin(ACCOUNT_MESSAGES.resetDone)} w="fit-content">
                Log in
              </Button>
            </>
          ) : (
            <form onSubmit={submit} noValidate data-testid="reset-form">
              <Stack>
                <TextInput label="User name" autoComplete="username" value={values.userName} onChange={set('userName')} error={form.of('userName')} />
                <PasswordInput label="New password" autoComplete="new-password" description={ACCOUNT_MESSAGES.passwordRequirements} value={values.password} onChange={set('password')} error={form.of('password')} />
                <PasswordInput label="Confirm new password" autoComplete="new-password" value={values.comparePassword} onChange={set('comparePassword')} error={form.of('comparePassword')} />
                <ErrorList error={form.summary} />
                <Button type="submit" loading={busy}>
                  Reset password
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
