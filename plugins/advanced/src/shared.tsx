// The /api area's frame (spec 3 §2.4): a side menu gated by feature and role — the answer of
// GET api-requests/access, the same rules the server enforces — and breadcrumbs from the route
// titles declared in package.json.
import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Grid, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { Link, PageLayout, ROUTES, useApiQuery, useLinks, useLocation, usePluginListing } from '@headwater/plugin-sdk';

export type Access = { batchProjects: boolean; regionalProjects: boolean; isApiUser: boolean; hasApiKey: boolean };

export const BATCH_ACCESS_TEXT = 'Batch project runs need the BatchProjects feature, the ApiUser role and an API key. Please contact an administrator.';
export const REGIONAL_ACCESS_TEXT = 'Regional project runs need the RegionalProjects feature. Please contact an administrator.';

export function useAccess() {
  return useApiQuery<Access>('api-requests/access');
}

/** Breadcrumbs from the declared route titles: Advanced features › Batch project runs › … */
function Crumbs({ trail }: { trail: { title: string; href?: string }[] }) {
  return (
    <Breadcrumbs mb="sm">
      {trail.map((c, i) =>
        c.href && i < trail.length - 1 ? (
          <Anchor key={i} component={Link} to={c.href} size="sm">
            {c.title}
          </Anchor>
        ) : (
          <Text key={i} size="sm">
            {c.title}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}

function titleOf(plugins: ReturnType<typeof usePluginListing>['data'], name: string): string {
  for (const p of plugins ?? []) for (const r of p.routes) if (r.name === name) return r.title ?? name;
  return name;
}

export function AdvancedFrame({ route, title, extraCrumb, children, actions }: { route: 'ApiDashboard' | 'BatchList' | 'BatchCreate' | 'BatchView' | 'RegionalCreate'; title?: string; extraCrumb?: string; children: ReactNode; actions?: ReactNode }) {
  const access = useAccess();
  const link = useLinks();
  const plugins = usePluginListing();
  const location = useLocation();
  const dashboard = link(ROUTES.ApiDashboard);
  const batchList = link(ROUTES.BatchList);
  const regional = link(ROUTES.RegionalCreate);
  const trail: { title: string; href?: string }[] = [{ title: titleOf(plugins.data, 'ApiDashboard'), href: dashboard }];
  if (route === 'BatchList' || route === 'BatchCreate' || route === 'BatchView') trail.push({ title: titleOf(plugins.data, 'BatchList'), href: batchList });
  if (route === 'BatchCreate' || route === 'RegionalCreate') trail.push({ title: titleOf(plugins.data, route) });
  if (route === 'BatchView') trail.push({ title: extraCrumb ?? titleOf(plugins.data, 'BatchView') });
  return (
    <PageLayout title={title ?? titleOf(plugins.data, route)} actions={actions}>
      <Crumbs trail={trail} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap={0} data-testid="advanced-menu">
            {access.data?.batchProjects && batchList && <MantineNavLink component={Link} to={batchList} label="Batch project runs" active={location.pathname.startsWith(batchList)} />}
            {access.data?.regionalProjects && regional && <MantineNavLink component={Link} to={regional} label="Regional project runs" active={location.pathname.startsWith(regional)} />}
            <MantineNavLink href="/api/docs" target="_blank" label="API documentation" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>{children}</Grid.Col>
      </Grid>
    </PageLayout>
  );
}

export const yesNo = (v: unknown) => (v ? 'Yes' : 'No');
