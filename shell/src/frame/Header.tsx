// The header of spec 1 §2: home icon, Projects and Advanced menus, admin lock, notifications
// bell, account menu and help icon. Menu entries come from the enabled plugins' nav entries;
// a menu with no entries (its plugins not installed or disabled) stays hidden.
import { ActionIcon, Anchor, Button, Group, Text } from '@mantine/core';
import { ROUTES, navHref, resolveRouteRef, useSession, type Access, type NavMenu, type PluginListing, type Role } from '@headwater/plugin-sdk';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoginForm } from './LazyLoginForm.tsx';
import { DropdownMenu, DropdownPopover, Tip } from './deferred.tsx';
import { DropIcon, HelpIcon, HomeIcon, LockIcon, UserIcon } from './icons.tsx';
import { NotificationsBell } from './Notifications.tsx';
import { adminEntries } from './adminMenu.tsx';

export type MenuLink = { label: string; href: string; order: number };

/** A menu's entries the user may see, as links: the entry's feature held (featureAccess), one
 * of its roles held when it names roles (spec 1 §6: batch needs BatchProjects and ApiUser), and
 * its page's access granted (a partial administrator sees no full-administrator page). */
export function entries(plugins: PluginListing[], menu: NavMenu, features: string[], hasRole: (r: Role) => boolean, may: (a: Access | undefined) => boolean): MenuLink[] {
  return plugins
    .flatMap((p) =>
      p.nav
        .filter((n) => n.menu === menu)
        .filter((n) => !n.feature || features.includes(n.feature))
        .filter((n) => !n.roles?.length || n.roles.some(hasRole))
        .filter((n) => may(p.routes.find((r) => r.name === n.route)?.access))
        .map((n) => ({ label: n.label, href: navHref(p, n), order: n.order ?? 100 })),
    )
    .filter((l): l is MenuLink => !!l.href)
    .sort((a, b) => a.order - b.order);
}

export function Header({ plugins, siteName }: { plugins: PluginListing[]; siteName: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [loginOpen, setLoginOpen] = useState(false);
  const features = session.user?.featureAccess ?? [];
  const may = (a: Access | undefined) => a !== 'fullAdmin' || session.isFullAdmin;
  const projects = entries(plugins, 'projects', features, session.hasRole, may);
  const advanced = entries(plugins, 'advanced', features, session.hasRole, may);
  const account = entries(plugins, 'account', features, session.hasRole, may);
  const header = entries(plugins, 'header', features, session.hasRole, may);
  const adminHome = resolveRouteRef(plugins, ROUTES.AdminDashboard);
  const admin = adminEntries(plugins, session);
  const projectList = resolveRouteRef(plugins, ROUTES.ProjectList);
  const accountProfile = resolveRouteRef(plugins, ROUTES.AccountProfile);
  const help = resolveRouteRef(plugins, ROUTES.Help);

  // menus, the sign-in popover and tooltips load their overlay code on first use (deferred.tsx)
  const menu = (label: string, items: MenuLink[], testId: string) =>
    items.length > 0 && (
      <DropdownMenu
        position="bottom-start"
        entries={items}
        target={
          <Button variant="subtle" color="gray" data-testid={testId}>
            {label} ▾
          </Button>
        }
      />
    );

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Tip label="Home">
          <ActionIcon component={Link} to="/" variant="subtle" size="lg" aria-label="Home" data-testid="nav-home">
            <HomeIcon />
          </ActionIcon>
        </Tip>
        <Anchor component={Link} to="/" underline="never" c="inherit">
          <Group gap={6} wrap="nowrap">
            <DropIcon />
            <Text fw={700} size="lg">
              {siteName}
            </Text>
          </Group>
        </Anchor>
        {session.isRegistered && menu('Projects', projects, 'menu-projects')}
        {session.isRegistered && menu('Advanced', advanced, 'menu-advanced')}
        {session.isRegistered && projectList && (
          <Button component={Link} to={projectList()} variant="subtle" color="gray">
            My Projects
          </Button>
        )}
        {header.map((n) => (
          <Button key={n.href} component={Link} to={n.href} variant="subtle" color="gray" data-testid={`nav-${n.href.replace(/\//g, '') || 'root'}`}>
            {n.label}
          </Button>
        ))}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {session.isAdmin && admin.length > 0 && (
          // The administration area: the lock leads to its dashboard (when a plugin provides one)
          // and opens the admin menu — every enabled plugin's `admin` entries this administrator
          // may open (adminMenu.tsx; the same list as the admin pages' side menu).
          <DropdownMenu
            position="bottom-end"
            entries={admin}
            target={
              <Tip label="Administration">
                {adminHome ? (
                  <ActionIcon component={Link} to={adminHome()} variant="subtle" size="lg" aria-label="Administration" data-testid="nav-admin">
                    <LockIcon />
                  </ActionIcon>
                ) : (
                  <ActionIcon variant="subtle" size="lg" aria-label="Administration" data-testid="nav-admin">
                    <LockIcon />
                  </ActionIcon>
                )}
              </Tip>
            }
          />
        )}
        {session.user && accountProfile && <NotificationsBell userName={session.user.userName} />}
        {session.user ? (
          <DropdownMenu
            position="bottom-end"
            entries={[
              ...account,
              {
                label: 'Log out',
                testId: 'logout',
                onClick: () => {
                  session.logout();
                  navigate('/');
                },
              },
            ]}
            target={
              <Button variant="subtle" color="gray" leftSection={<UserIcon />} data-testid="menu-account">
                {session.user.userName}
              </Button>
            }
          />
        ) : (
          <DropdownPopover
            opened={loginOpen}
            onChange={setLoginOpen}
            width={320}
            trapFocus
            target={
              <Button variant="light" onClick={() => setLoginOpen((o) => !o)} data-testid="login-button">
                Log in
              </Button>
            }
          >
            {() => <LoginForm onDone={() => setLoginOpen(false)} />}
          </DropdownPopover>
        )}
        {help && (
          <Tip label="Documentation & Support">
            <ActionIcon component={Link} to={help()} variant="subtle" size="lg" aria-label="Help" data-testid="nav-help">
              <HelpIcon />
            </ActionIcon>
          </Tip>
        )}
      </Group>
    </Group>
  );
}
