// Sign-in (spec 1 §4): user name and password with 'Remember this device' (default on); the
// multi-factor step when the device is not remembered (the mailed six-digit code, the masked
// address shown); the 'check your email' card with Re-send for an unconfirmed address;
// forgot-password recovery; the 'version 1' link to the migration check (when the migration plugin is there).
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ACCOUNT_MESSAGES, ApiError, ErrorList, MESSAGES, ROUTES, api, apiFetch, isValidEmail, useRouteRef, useSession } from '@headwater/plugin-sdk';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useLocation } from 'react-router';

type Identity = { userName: string; email: string; emailConfirmed: boolean };
type LoginResponse = { auth_token: string; identity: Identity; multiFactorValidated: boolean; deviceToken?: string };

/** Remembered-device tokens are kept per user (spec 1 §9). */
const deviceKey = (userName: string) => `hw.device.${userName.trim().toLowerCase()}`;
function readDevice(userName: string): string | null {
  try {
    return localStorage.getItem(deviceKey(userName));
  } catch {
    return null;
  }
}
function writeDevice(userName: string, token: string | undefined): void {
  try {
    if (token) localStorage.setItem(deviceKey(userName), token);
  } catch {
    /* storage unavailable */
  }
}

type Step = { kind: 'credentials' } | { kind: 'mfa'; token: string; email: string } | { kind: 'unconfirmed'; token: string; email: string } | { kind: 'forgot' };

export function LoginForm({ redirect, onDone }: { redirect?: string; onDone?: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const projectList = useRouteRef(ROUTES.ProjectList);
  const migrationCheck = useRouteRef(ROUTES.MigrationCheck);
  const location = useLocation();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [code, setCode] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [notice, setNotice] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const go = (next: Step) => {
    setStep(next);
    setError(undefined);
    setNotice(undefined);
    setFieldErrors({});
  };

  // Spec 1 §4: after login the page reloads its data, or goes to an explicit redirect; from
  // the home page that is the projects dashboard.
  const finish = async (token: string) => {
    await session.signIn(token);
    onDone?.();
    const target = redirect ?? (location.pathname === '/' ? projectList?.() : undefined);
    if (target) navigate(target);
  };

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await fn();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const submitCredentials = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!userName.trim()) errs.userName = MESSAGES.required;
    if (!password) errs.password = MESSAGES.required;
    setFieldErrors(errs);
    if (Object.keys(errs).length) return;
    void run(async () => {
      const res = await api.post<LoginResponse>('auth/login', { userName: userName.trim(), password, deviceToken: readDevice(userName) });
      if (res.identity?.emailConfirmed === false) return go({ kind: 'unconfirmed', token: res.auth_token, email: res.identity.email });
      if (!res.multiFactorValidated) {
        setCode('');
        return go({ kind: 'mfa', token: res.auth_token, email: res.identity.email });
      }
      await finish(res.auth_token);
    });
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== 'mfa') return;
    const value = code.trim();
    if (!/^\d{6}$/.test(value)) return setFieldErrors({ code: ACCOUNT_MESSAGES.enterCode });
    setFieldErrors({});
    void run(async () => {
      // quiet401: an expired pending token is this form's error, not a reason for the login modal.
      const res = await apiFetch<LoginResponse>('auth/confirmmfa', { method: 'POST', body: { code: value, token: step.token, rememberDevice: remember }, quiet401: true });
      if (remember) writeDevice(userName, res.deviceToken);
      await finish(res.auth_token);
    });
  };

  /** A new code: the credentials are sent again (the previous code stops working). */
  const newCode = () => {
    void run(async () => {
      const res = await api.post<LoginResponse>('auth/login', { userName: userName.trim(), password, deviceToken: null });
      if (res.multiFactorValidated) return finish(res.auth_token);
      setStep({ kind: 'mfa', token: res.auth_token, email: res.identity.email });
      setCode('');
      setNotice('A new code has been sent.');
    });
  };

  const resend = () => {
    if (step.kind !== 'unconfirmed') return;
    void run(async () => {
      await apiFetch('account/resendconfirmation', { method: 'POST', body: {}, headers: { Authorization: `Bearer ${step.token}` }, quiet401: true });
      setNotice(ACCOUNT_MESSAGES.confirmationResent);
    });
  };

  const submitForgot = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return setFieldErrors({ email: MESSAGES.required });
    if (!isValidEmail(value)) return setFieldErrors({ email: ACCOUNT_MESSAGES.invalidEmail });
    setFieldErrors({});
    void run(async () => {
      await api.post('account/forgotpassword', { email: value });
      setNotice(ACCOUNT_MESSAGES.forgotPasswordSent);
    });
  };

  const version1 = error instanceof ApiError && error.messages.some((m) => m.includes('version 1'));

  if (step.kind === 'mfa') {
    return (
      <form onSubmit={submitCode} noValidate data-testid="login-form">
        <Stack data-testid="mfa-step">
          <Text size="sm">
            We sent a sign-in code to <b data-testid="mfa-email">{step.email}</b>.
          </Text>
          <TextInput
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={fieldErrors.code}
            data-autofocus
          />
          <Checkbox label="Remember this device" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
          {notice && (
            <Text size="sm" c="green" data-testid="login-notice">
              {notice}
            </Text>
          )}
          <ErrorList error={error} />
          <Button type="submit" loading={busy}>
            Verify
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={newCode}>
              Send a new code
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={() => go({ kind: 'credentials' })}>
              Back to log in
            </Anchor>
          </Group>
        </Stack>
      </form>
    );
  }

  if (step.kind === 'unconfirmed') {
    return (
      <Stack data-testid="login-form">
        <Alert color="yellow" title="Please check your email" data-testid="unconfirmed-card">
          <Text size="sm">
            Your email address ({step.email}) has not been confirmed yet. Follow the link in the email we sent you, then log in again.
          </Text>
        </Alert>
        {notice && (
          <Alert color="green" data-testid="login-notice">
            {notice}
          </Alert>
        )}
        <ErrorList error={error} />
        <Group>
          <Button onClick={resend} loading={busy} variant="light">
            Re-send email
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => go({ kind: 'credentials' })}>
            Back to log in
          </Anchor>
        </Group>
      </Stack>
    );
  }

  if (step.kind === 'forgot') {
    return (
      <form onSubmit={submitForgot} noValidate data-testid="login-form">
        <Stack data-testid="forgot-step">
          <Text size="sm">Enter the email address of your account. We will send you a link to reset your password.</Text>
          {notice ? (
            <Alert color="green" data-testid="login-notice">
              {notice}
            </Alert>
          ) : (
            <>
              <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={fieldErrors.email} />
              <ErrorList error={error} />
              <Button type="submit" loading={busy}>
                Send reset link
              </Button>
            </>
          )}
          <Anchor component="button" type="button" size="sm" onClick={() => go({ kind: 'credentials' })}>
            Back to log in
          </Anchor>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={submitCredentials} noValidate data-testid="login-form">
      <Stack>
        <TextInput label="User name" autoComplete="username" value={userName} onChange={(e) => setUserName(e.currentTarget.value)} error={fieldErrors.userName} />
        <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={fieldErrors.password} />
        <Checkbox label="Remember this device" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
        <ErrorList error={error} />
        {version1 && migrationCheck && <Anchor component={Link} to={migrationCheck()} onClick={onDone}>Set up your account and import old projects.</Anchor>}
        <Button type="submit" loading={busy}>
          Log in
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => go({ kind: 'forgot' })}>
            Forgot password?
          </Anchor>
          <Text size="xs" c="dimmed">
            New here? Register from the home page.
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
