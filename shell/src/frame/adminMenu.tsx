// The admin menu (spec 3 §2.3; issue 19): built from every enabled plugin's `menu: "admin"` nav
// entries, filtered by the entry's feature and roles and by its page's access — a partial
// administrator never sees a full-administrator page, so the menu never leads to 'You are not
// authorized to view this page.' The header's lock opens it (and leads to the dashboard); the
// admin pages show it as a side menu (AdminSideMenu.tsx, loaded with the first admin page).
import { ROUTES, resolveRouteRef, type Access, type PluginListing, type Session } from '@headwater/plugin-sdk';
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
