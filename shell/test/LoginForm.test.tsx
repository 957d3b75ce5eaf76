// The sign-in steps of spec 1 §4 against a stubbed API: the mailed-code step with the masked
// address and the remembered device, the unconfirmed card with Re-send, forgot password.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SessionContext, sessionFor, type PluginListing } from '@headwater/plugin-sdk';
import { MemoryRouter } from 'react-router';
import { reply, serve, workspacePlugins, type Call } from '@headwater/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../src/frame/LoginForm.tsx';

let served: Call[] = [];
/** The form's own calls (the shell's GET plugins aside). */
const posts = () => served.filter((c) => c.method === 'POST');

/** Answers POST `path` with the [status, body] its function gives for the request body. */
function answer(posts: Record<string, (body: any) => [number, unknown]>, plugins = workspacePlugins()) {
  served = serve({
    plugins,
    ...Object.fromEntries(Object.entries(posts).map(([path, f]) => [`POST ${path}`, (c: Call) => reply(...f(c.body))])),
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const signIn = vi.fn(async () => {});
  const session = sessionFor(null, false, { requestLogin: () => {}, logout: () => {}, signIn });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SessionContext.Provider value={session}>
            <LoginForm />
          </SessionContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { signIn };
}

function logIn(userName = 'ada', password = 'Secret-pass-1') {
  fireEvent.change(screen.getByLabelText('User name'), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login form', () => {
  it('asks for the mailed code, then stores the remembered-device token per user', async () => {
    answer({
      'auth/login': () => [200, { auth_token: 'pending', identity: { userName: 'ada', email: 'ad*@e******.org', emailConfirmed: true }, multiFactorValidated: false }],
      'auth/confirmmfa': (b) => (b.code === '123456' ? [200, { auth_token: 'full', identity: {}, multiFactorValidated: true, deviceToken: 'dev-1' }] : [400, { errors: { code: ['The code is invalid or has expired. Please try again.'] } }]),
    });
    const { signIn } = renderForm();
    expect((screen.getByLabelText('Remember this device') as HTMLInputElement).checked).toBe(true);
    logIn();
    expect((await screen.findByTestId('mfa-email')).textContent).toContain('ad*@e******.org');
    expect(posts()[0]!.body).toEqual({ userName: 'ada', password: 'Secret-pass-1', deviceToken: null });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the code from your email.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is invalid or has expired. Please try again.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('full'));
    expect(posts().at(-1)!.body).toEqual({ code: '123456', token: 'pending', rememberDevice: true });
    expect(localStorage.getItem('hw.device.ada')).toBe('dev-1');
  });

  it('sends the remembered device token and signs in without a code', async () => {
    localStorage.setItem('hw.device.ada', 'dev-1');
    answer({ 'auth/login': () => [200, { auth_token: 'full', identity: { userName: 'ada', emailConfirmed: true }, multiFactorValidated: true }] });
    const { signIn } = renderForm();
    logIn('ADA');
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('full'));
    expect(posts()[0]!.body.deviceToken).toBe('dev-1');
  });

  it('shows the check-your-email card with Re-send for an unconfirmed address', async () => {
    answer({
      'auth/login': () => [200, { auth_token: 'limited', identity: { userName: 'ada', email: 'ad*@e******.org', emailConfirmed: false }, multiFactorValidated: false }],
      'account/resendconfirmation': () => [200, { message: 'ok' }],
    });
    const { signIn } = renderForm();
    logIn();
    expect((await screen.findByTestId('unconfirmed-card')).textContent).toContain('Please check your email');
    fireEvent.click(screen.getByRole('button', { name: 'Re-send email' }));
    expect((await screen.findByTestId('login-notice')).textContent).toContain(
      'Confirmation sent! Please check your email. If you do not receive anything after one hour, please try again or contact support.',
    );
    expect(posts().at(-1)!.auth).toBe('Bearer limited');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('recovers a password by e-mail with the same answer for every address', async () => {
    answer({ 'account/forgotpassword': () => [200, { message: 'x' }] });
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' ada@example.org ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByTestId('login-notice')).textContent).toContain(
      'Request received. If an account matches the email address provided, you will receive instructions for resetting your password.',
    );
    expect(posts()[0]!.body).toEqual({ email: 'ada@example.org' });
  });

  it('links failures mentioning version 1 to the account set-up', async () => {
    // The link leads to the migration check, drawn when a plugin declares it.
    const migration: PluginListing = { id: 'migration', kind: 'page', title: 'Migration', routes: [{ name: 'MigrationCheck', path: '/v1/check', title: 'Check' }], nav: [], entry: '', version: '1', remote: '', settings: {} };
    answer({ 'auth/login': () => [400, 'Your account is from version 1 of the site.'] }, [...workspacePlugins(), migration]);
    renderForm();
    logIn();
    expect((await screen.findByRole('link', { name: 'Set up your account and import old projects.' })).getAttribute('href')).toBe('/v1/check');
  });
});
