// The app frame: header, the site-wide alert banner, and the route table composed from the
// enabled plugins' routes (spec 1 §2). Unknown paths redirect to /.
import { Alert, AppShell, Center, Loader } from '@mantine/core';
import { ErrorList, useApiQuery, useLiveStatus, useSession, type PluginListing } from '@headwater/plugin-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { SiteDown } from './SiteDown.tsx';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PluginPage } from '../runtime/PluginPage.tsx';
import { usePlugins } from '../runtime/usePlugins.ts';
import { Guard } from './Guard.tsx';
import { Header } from './Header.tsx';
import { adminEntries, inAdminArea } from './adminMenu.tsx';

// only the admin area shows the side menu: its code (NavLink, ScrollArea) comes with it
const AdminSideMenu = lazy(() => import('./AdminSideMenu.tsx').then((m) => ({ default: m.AdminSideMenu })));

type WebsiteText = {
  siteText: { siteName: string };
  siteSettings: { enableAlertNotification: boolean; alertNotification: string; isOffline?: boolean };
};

export function AppFrame() {
  const plugins = usePlugins();
  const site = useApiQuery<WebsiteText>('datasets/websitetext', { staleTime: 5 * 60_000 });
  const list: PluginListing[] = plugins.data ?? [];
  const settings = site.data?.siteSettings;
  const session = useSession();
  const { pathname } = useLocation();
  // saved website settings (offline mode, the alert) reach every open page at once
  const client = useQueryClient();
  useLiveStatus('site', 'plugins-changed', () => void client.invalidateQueries({ queryKey: ['api', 'datasets/websitetext'] }));
  const offline = !!settings?.isOffline && !session.isAdmin;
  // the admin pages carry the admin menu at their side (adminMenu.tsx)
  const adminMenu = inAdminArea(list, pathname) ? adminEntries(list, session) : [];

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: true, desktop: adminMenu.length === 0 } }} padding={0}>
      <AppShell.Header>
        <Header plugins={list} siteName={site.data?.siteText.siteName || 'Headwater'} />
      </AppShell.Header>
      {adminMenu.length > 0 && (
        <AppShell.Navbar>
          <Suspense fallback={null}>
            <AdminSideMenu items={adminMenu} />
          </Suspense>
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        {settings?.enableAlertNotification && settings.alertNotification && (
          <Alert color="orange" radius={0} data-testid="site-alert">
            <span dangerouslySetInnerHTML={{ __html: settings.alertNotification }} />
          </Alert>
        )}
        {offline ? (
          <SiteDown siteName={site.data?.siteText.siteName || 'Headwater'} />
        ) : plugins.isLoading ? (
          <Center p="xl">
            <Loader />
          </Center>
        ) : plugins.error ? (
          <ErrorList error={plugins.error} />
        ) : (
          <Routes>
            {list.flatMap((plugin) =>
              plugin.routes.map((route) => (
                <Route
                  key={`${plugin.id}:${route.name}`}
                  path={route.path}
                  element={
                    <Guard access={route.access}>
                      <PluginPage plugin={plugin} route={route} />
                    </Guard>
                  }
                />
              )),
            )}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
