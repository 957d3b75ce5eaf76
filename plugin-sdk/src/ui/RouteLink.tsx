// A link to another page by route reference: drawn only while the page's plugin is enabled.
// `plain` keeps the text (a scenario's name) when there is no page to link to.
import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useRouteRef } from '../plugins.ts';
import type { ParamValue, Query, RouteRef } from '../routes.ts';

export type RouteLinkProps<P extends string> = AnchorProps & {
  to: RouteRef<P>;
  params?: Record<P, ParamValue>;
  query?: Query;
  plain?: boolean;
  children: ReactNode;
  'data-testid'?: string;
};

export function RouteLink<P extends string>({ to, params, query, plain, children, ...rest }: RouteLinkProps<P>) {
  const linker = useRouteRef(to) as ((p?: Record<string, ParamValue>, q?: Query) => string) | undefined;
  if (!linker) return plain ? <>{children}</> : null;
  return (
    <Anchor component={Link} to={linker(params, query)} {...rest}>
      {children}
    </Anchor>
  );
}
