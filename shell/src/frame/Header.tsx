// The header of spec 1 §2: home icon, Projects and Advanced menus, admin lock, notifications
// bell, account menu and help icon. Menu entries come from the enabled plugins' nav entries;
// a menu with no entries (its plugins not installed or disabled) stays hidden.
import { ActionIcon, Anchor, Button, Group, Menu, Popover, Text, Tooltip } from '@mantine/core';
import { hasRoute, useSession, type NavEntry, type NavMenu, type PluginListing, type Role } from '@headwater/plugin-sdk';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoginForm } from './LoginForm.tsx';
import { DropIcon, HelpIcon, HomeIcon, LockIcon, UserIcon } from './icons.tsx';
import { NotificationsBell } from './Notifications.tsx';

/** A menu's entries the user may see: the entry's feature held (featureAccess) and, when the
 * entry names roles, one of them held (spec 1 §6: batch needs BatchProjects and ApiUser). */
function entries(plugins: PluginListing[], menu: NavMenu, features: string[], hasRole: (r: Role) => boolean = () => true): NavEntry[] {
  return plugins
    .flatMap((p) => p.nav.filter((n) => n.menu === menu))
    .filter((n) => !n.feature || features.includes(n.feature))
    .filter((n) => !n.roles?.length || n.roles.some(hasRole))
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
}

export function Header({ plugins, siteName }: { plugins: PluginListing[]; siteName: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [loginOpen, setLoginOpen] = useState(false);
  const features = session.user?.featureAccess ?? [];
  const projects = entries(plugins, 'projects', features, session.hasRole);
  const advanced = entries(plugins, 'advanced', features, session.hasRole);
  const account = entries(plugins, 'account', features, session.hasRole);
  const header = entries(plugins, 'header', features, session.hasRole);
  const adminHome = hasRoute(plugins, '/admin') ? '/admin' : '/admin/plugins';

  const menu = (label: string, items: NavEntry[], testId: string) =>
    items.length > 0 && (
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="subtle" color="gray" data-testid={testId}>
            {label} ▾
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {items.map((n) => (
            <Menu.Item key={n.path + n.label} component={Link} to={n.path}>
              {n.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Tooltip label="Home">
          <ActionIcon component={Link} to="/" variant="subtle" size="lg" aria-label="Home" data-testid="nav-home">
            <HomeIcon />
          </ActionIcon>
        </Tooltip>
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
        {session.isRegistered && hasRoute(plugins, '/projects') && (
          <Button component={Link} to="/projects" variant="subtle" color="gray">
            My Projects
          </Button>
        )}
        {header.map((n) => (
          <Button key={n.path} component={Link} to={n.path} variant="subtle" color="gray" data-testid={`nav-${n.path.replace(/\//g, '') || 'root'}`}>
            {n.label}
          </Button>
        ))}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {session.isAdmin && (
          <Tooltip label="Administration">
            <ActionIcon component={Link} to={adminHome} variant="subtle" size="lg" aria-label="Administration" data-testid="nav-admin">
              <LockIcon />
            </ActionIcon>
          </Tooltip>
        )}
        {session.user && hasRoute(plugins, '/account') && <NotificationsBell userName={session.user.userName} />}
        {session.user ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="subtle" color="gray" leftSection={<UserIcon />} data-testid="menu-account">
                {session.user.userName}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {account.map((n) => (
                <Menu.Item key={n.path + n.label} component={Link} to={n.path}>
                  {n.label}
                </Menu.Item>
              ))}
              <Menu.Item
                data-testid="logout"
                onClick={() => {
                  session.logout();
                  navigate('/');
                }}
              >
                Log out
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Popover opened={loginOpen} onChange={setLoginOpen} position="bottom-end" width={320} withinPortal trapFocus>
            <Popover.Target>
              <Button variant="light" onClick={() => setLoginOpen((o) => !o)} data-testid="login-button">
                Log in
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <LoginForm onDone={() => setLoginOpen(false)} />
            </Popover.Dropdown>
          </Popover>
        )}
        {hasRoute(plugins, '/help') && (
          <Tooltip label="Documentation & Support">
            <ActionIcon component={Link} to="/help" variant="subtle" size="lg" aria-label="Help" data-testid="nav-help">
              <HelpIcon />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
