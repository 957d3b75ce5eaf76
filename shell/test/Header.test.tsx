// Header menus by role and feature access (spec 1 §2, §6): the Advanced menu needs the
// BatchProjects feature with the ApiUser role (batch) or RegionalProjects (regional); the
// admin lock shows for Admin and PartialAdmin.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { SessionContext, sessionFor, type PluginListing, type SessionUser } from '@headwater/plugin-sdk';
import { MemoryRouter } from 'react-router';
import { workspacePlugins } from '@headwater/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { Header } from '../src/frame/Header.tsx';

const plugins = [
  {
    id: 'advanced',
    kind: 'page',
    title: 'Advanced',
    routes: [
      { name: 'BatchRuns', path: '/api/batch', title: 'Batch project runs', access: 'user' },
      { name: 'RegionalRuns', path: '/api/regional', title: 'Regional project runs', access: 'user' },
    ],
    nav: [
      { menu: 'advanced', label: 'Batch project runs', route: 'BatchRuns', feature: 'BatchProjects', roles: ['ApiUser'] },
      { menu: 'advanced', label: 'Regional project runs', route: 'RegionalRuns', feature: 'RegionalProjects' },
    ],
    entry: '',
    version: '1',
    remote: 'hw_advanced',
    settings: {},
  },
  ...workspacePlugins(),
] as unknown as PluginListing[];

function renderHeader(roles: SessionUser['roles'] | null, featureAccess: string[] = []) {
  const user: SessionUser | null = roles && { id: 1, userName: 'ada', email: 'a@b.org', firstName: 'A', lastName: 'L', emailConfirmed: true, roles, featureAccess, units: 0 };
  const session = sessionFor(user, false, { requestLogin: () => {}, logout: () => {}, signIn: async () => {} });
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SessionContext.Provider value={session}>
            <Header plugins={plugins} siteName="Headwater" />
          </SessionContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

// Menus and the sign-in popover are drawn as plain buttons; their overlay code is fetched on
// first use, and a click made before it arrives still opens them (deferred.tsx). First in the
// file: the first click here is made before the overlays are loaded.
describe('header overlays loaded on first use', () => {
  it('opens the sign-in form on the first click', async () => {
    renderHeader(null);
    fireEvent.click(screen.getByTestId('login-button'));
    expect(await screen.findByTestId('login-form')).toBeTruthy();
  });

  it('opens the account menu with its Log out entry on the first click', async () => {
    renderHeader(['Registered']);
    fireEvent.click(screen.getByTestId('menu-account'));
    expect(await screen.findByTestId('logout')).toBeTruthy();
  });
});

describe('header menus by role and feature', () => {
  it('hides the Advanced menu without a feature', () => {
    renderHeader(['Registered']);
    expect(screen.queryByTestId('menu-advanced')).toBeNull();
    expect(screen.queryByTestId('nav-admin')).toBeNull();
  });

  it('needs the ApiUser role as well as BatchProjects for the batch entry', () => {
    renderHeader(['Registered'], ['BatchProjects']);
    expect(screen.queryByTestId('menu-advanced')).toBeNull();
  });

  it('shows the menu with BatchProjects and ApiUser, or with RegionalProjects', () => {
    renderHeader(['Registered', 'ApiUser'], ['BatchProjects']);
    expect(screen.getByTestId('menu-advanced')).toBeTruthy();
  });

  it('shows the Advanced menu for RegionalProjects and the admin lock for a partial admin', () => {
    renderHeader(['Registered', 'PartialAdmin'], ['RegionalProjects']);
    expect(screen.getByTestId('menu-advanced')).toBeTruthy();
    expect(screen.getByTestId('nav-admin')).toBeTruthy();
  });

  it('lists the admin pages an administrator may open: a partial admin gets no full-admin page', async () => {
    renderHeader(['Registered', 'PartialAdmin']);
    fireEvent.click(screen.getByTestId('nav-admin'));
    expect((await screen.findByRole('menuitem', { name: 'Pending users' })).getAttribute('href')).toBe('/admin/users/pending');
    expect(screen.queryByRole('menuitem', { name: 'Plugins' })).toBeNull();
  });

  it('lists the plugin administration page for a full admin', async () => {
    renderHeader(['Registered', 'Admin']);
    fireEvent.click(screen.getByTestId('nav-admin'));
    expect((await screen.findByRole('menuitem', { name: 'Plugins' })).getAttribute('href')).toBe('/admin/plugins');
  });
});
