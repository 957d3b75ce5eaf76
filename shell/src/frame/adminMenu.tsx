// The admin menu (spec 3 §2.3; issue 19): built from every enabled plugin's `menu: "admin"` nav
// entries, filtered by the entry's feature and roles and by its page's access — a partial
// administrator never sees a full-administrator page, so the menu never leads to 'You are not
// authorized to view this page.' The header's lock opens it (and leads to the dashboard); the
// admin pages show it as a side menu.
import { NavLink, ScrollArea } from '@mantine/core';
import { ROUTES, resolveRouteRef, type Access, type PluginListing, type Session } from '@headwater/plugin-sdk';
import { Link, useLocation } from 'react-router';
import { entries, type MenuLink } from './Header.tsx';

/** The admin entries the session may open, the dashboard first when no entry links to it. */
export function adminEntries(plugins: PluginListing[], session: Pick<Session, 'user' | 'hasRole' | 'isAdmin' | 'isFullAdmin'>): MenuLink[] {
  if (!session.isAdmin) return [];
  const may = (a: Access | undefined) => (a === 'fullAdmin' ? session.isFullAdmin : true);
  const list = entries(plugins, 'admin', session.user?.featureAccess ?? [], session.hasRole, may);
  const home = resolveRouteRef(plugins, ROUTES.AdminDashboard)?.();
  if (home && !list.some((l) => l.href === home)) list.unshift({ label: 'Dashboard', href: home, order: 0 });
  return list;
}

/** The path prefix of the admin area (the dashboard's path), or undefined without a dashboard. */
export function adminAreaPrefix(plugins: PluginListing[]): string | undefined {
  return resolveRouteRef(plugins, ROUTES.AdminDashboard)?.();
}

export function inAdminArea(plugins: PluginListing[], pathname: string): boolean {
  const prefix = adminAreaPrefix(plugins);
  return !!prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The side menu of the admin pages: the current page highlighted (the longest matching link). */
export function AdminSideMenu({ items }: { items: MenuLink[] }) {
  const { pathname } = useLocation();
  const active = items
    .filter((n) => pathname === n.href || pathname.startsWith(`${n.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
  return (
    <ScrollArea data-testid="admin-menu" p="xs">
      {items.map((n) => (
        <NavLink key={n.href + n.label} component={Link} to={n.href} label={n.label} active={n === active} data-testid={`admin-menu-${n.href.replace(/\W+/g, '-')}`} />
      ))}
    </ScrollArea>
  );
}
