import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, ROUTES, useLinks } from '@headwater/plugin-sdk';

/** Projects › project › Scenarios › the current page; every crumb but the last links. */
export function Crumbs({ projectID, projectName, trail }: { projectID: string | number; projectName?: string; trail: { label: string; to?: string }[] }) {
  const link = useLinks();
  const items = [{ label: 'Projects', to: link(ROUTES.ProjectList) }, { label: projectName ?? 'Project', to: link(ROUTES.ProjectView, { id: projectID }) }, ...trail];
  return (
    <Breadcrumbs data-testid="crumbs">
      {items.map((c, i) =>
        c.to && i < items.length - 1 ? (
          <Anchor key={i} component={Link} to={c.to} size="sm">
            {c.label}
          </Anchor>
        ) : (
          <Text key={i} size="sm">
            {c.label}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}
