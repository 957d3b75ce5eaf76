// User name and password sign-in (spec 1 §4). The multi-factor step, recovery and resend
// confirmation arrive with the accounts plugin.
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ApiError, ErrorList, MESSAGES, api, useSession } from '@headwater/plugin-sdk';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

type LoginResponse = { auth_token: string; multiFactorValidated: boolean };

export function LoginForm({ redirect, onDone }: { redirect?: string; onDone?: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!userName.trim()) errs.userName = MESSAGES.required;
    if (!password) errs.password = MESSAGES.required;
    setFieldErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    setError(undefined);
    try {
      const res = await api.post<LoginResponse>('auth/login', { userName: userName.trim(), password, deviceToken: null });
      await session.signIn(res.auth_token);
      onDone?.();
      if (redirect) navigate(redirect);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const version1 = error instanceof ApiError && error.messages.some((m) => m.includes('version 1'));
  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <Stack>
        <TextInput label="User name" autoComplete="username" value={userName} onChange={(e) => setUserName(e.currentTarget.value)} error={fieldErrors.userName} />
        <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={fieldErrors.password} />
        <ErrorList error={error} />
        {version1 && (
          <Anchor href="/v1/check">Set up your account and import old projects.</Anchor>
        )}
        <Button type="submit" loading={busy}>
          Log in
        </Button>
        <Text size="xs" c="dimmed">
          New here? Register from the home page.
        </Text>
      </Stack>
    </form>
  );
}
