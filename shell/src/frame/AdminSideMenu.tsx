// The side menu of the admin pages (adminMenu.tsx builds its entries). A chunk of its own:
// only the admin area shows it.
import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { MenuLink } from './Header.tsx';

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
