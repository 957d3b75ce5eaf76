import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { SessionContext, sessionFor, type SessionUser } from '@headwater/plugin-sdk';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Guard } from '../src/frame/Guard.tsx';

const user = (roles: SessionUser['roles'], emailConfirmed = true): SessionUser => ({
  id: 1, userName: 'ada', email: 'ada@example.org', firstName: 'Ada', lastName: 'L', emailConfirmed, roles, featureAccess: [], units: 0,
});

function renderGuard(u: SessionUser | null, access: 'public' | 'user' | 'admin' | 'fullAdmin') {
  const session = sessionFor(u, false, { requestLogin: () => {}, logout: () => {}, signIn: async () => {} });
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SessionContext.Provider value={session}>
            <Guard access={access}>
              <p>secret page</p>
            </Guard>
          </SessionContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('route guards (spec 1 §2)', () => {
  it('shows public pages to everyone', () => {
    renderGuard(null, 'public');
    expect(screen.getByText('secret page')).toBeTruthy();
  });
  it('shows the login form when signed out', async () => {
    renderGuard(null, 'user');
    expect(screen.queryByText('secret page')).toBeNull();
    // the form is loaded when first shown (frame/LazyLoginForm.tsx)
    expect(await screen.findByTestId('login-form')).toBeTruthy();
  });
  it('shows the pending notice to users not yet approved, and to unconfirmed e-mails', () => {
    renderGuard(user(['Pending']), 'user');
    expect(screen.getByTestId('pending-notice').textContent).toBe('Your account is pending approval. You will receive a notification by email when it is approved.');
  });
  it('refuses admin pages to registered users, and full-admin pages to partial admins', () => {
    renderGuard(user(['Registered']), 'admin');
    expect(screen.getByTestId('not-authorized').textContent).toBe('You are not authorized to view this page.');
  });
  it('lets partial admins into admin pages but not full-admin ones', () => {
    const { unmount } = renderGuard(user(['Registered', 'PartialAdmin']), 'admin');
    expect(screen.getByText('secret page')).toBeTruthy();
    unmount();
    renderGuard(user(['Registered', 'PartialAdmin']), 'fullAdmin');
    expect(screen.getByTestId('not-authorized')).toBeTruthy();
  });
  it('does not count roles of an unconfirmed e-mail', () => {
    renderGuard(user(['Registered', 'Admin'], false), 'admin');
    expect(screen.getByTestId('pending-notice')).toBeTruthy();
  });
});
