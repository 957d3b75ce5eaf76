// The admin menu (issue 19): built from the enabled plugins' `admin` nav entries, filtered by
// the page's access and the user's role — a partial administrator is never offered a page that
// would answer 'You are not authorized to view this page.' The lock leads to the dashboard; the
// admin pages carry the same entries as a side menu.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { SessionContext, sessionFor, type PluginListing, type SessionUser } from '@headwater/plugin-sdk';
import { workspacePlugins } from '@headwater/plugin-sdk/testing';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Header } from '../src/frame/Header.tsx';
import { AdminSideMenu } from '../src/frame/AdminSideMenu.tsx';
import { adminEntries, inAdminArea } from '../src/frame/adminMenu.tsx';

const plugins = workspacePlugins() as unknown as PluginListing[];

function sessionOf(roles: SessionUser['roles']) {
  const user: SessionUser = { id: 1, userName: 'ada', email: 'a@b.org', firstName: 'A', lastName: 'L', emailConfirmed: true, roles, featureAccess: [], units: 0 };
  return sessionFor(user, false, { requestLogin: () => {}, logout: () => {}, signIn: async () => {} });
}

/** Every admin page of the workspace with its access, by path. */
const access = new Map(plugins.flatMap((p) => p.routes.map((r) => [r.path, r.access] as const)));

describe('admin menu entries', () => {
  it('a partial administrator gets every admin page but the full-administrator ones', () => {
    const entries = adminEntries(plugins, sessionOf(['Registered', 'PartialAdmin']));
    const labels = entries.map((e) => e.label);
    expect(labels).toEqual(expect.arrayContaining(['Dashboard', 'Database', 'User categories', 'Feedback and error reports', 'Reports']));
    expect(labels).not.toContain('Send an email to all users');
    expect(labels).not.toContain('Plugins');
    for (const e of entries) expect(access.get(e.href), e.href).not.toBe('fullAdmin');
    expect(entries[0]).toMatchObject({ label: 'Dashboard', href: '/admin' });
  });

  it('a full administrator gets the full-administrator pages too; a user gets nothing', () => {
    const labels = adminEntries(plugins, sessionOf(['Registered', 'Admin'])).map((e) => e.label);
    expect(labels).toEqual(expect.arrayContaining(['Send an email to all users', 'Plugins', 'Reports']));
    expect(adminEntries(plugins, sessionOf(['Registered']))).toEqual([]);
  });

  it('the admin area is the dashboard path and below it', () => {
    expect(inAdminArea(plugins, '/admin')).toBe(true);
    expect(inAdminArea(plugins, '/admin/errors/3')).toBe(true);
    expect(inAdminArea(plugins, '/administrator')).toBe(false);
    expect(inAdminArea(plugins, '/projects')).toBe(false);
  });
});

function renderWith(roles: SessionUser['roles'], ui: ReactNode, path = '/') {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <SessionContext.Provider value={sessionOf(roles)}>{ui}</SessionContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the lock and the side menu', () => {
  it('the lock links to the dashboard and opens the admin menu', async () => {
    renderWith(['Registered', 'PartialAdmin'], <Header plugins={plugins} siteName="Headwater" />);
    const lock = screen.getByTestId('nav-admin');
    expect(lock.getAttribute('href')).toBe('/admin');
    fireEvent.click(lock);
    expect((await screen.findByRole('menuitem', { name: 'Reports' })).getAttribute('href')).toBe('/admin/reports');
    expect(screen.queryByRole('menuitem', { name: 'Send an email to all users' })).toBeNull();
  });

  it('the side menu marks the page open', () => {
    const items = adminEntries(plugins, sessionOf(['Registered', 'Admin']));
    renderWith(['Registered', 'Admin'], <AdminSideMenu items={items} />, '/admin/errors/12');
    const active = screen.getByTestId('admin-menu').querySelector('[data-active]');
    expect(active?.textContent).toBe('Feedback and error reports');
  });
});
