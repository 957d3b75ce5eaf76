import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from '@headwater/plugin-sdk';

/** Projects › project › Scenarios › the current page; every crumb but the last links. */
export function Crumbs({ projectID, projectName, trail }: { projectID: string | number; projectName?: string; trail: { label: string; to?: string }[] }) {
  const items = [{ label: 'Projects', to: '/projects' }, { label: projectName ?? 'Project', to: `/projects/${projectID}` }, ...trail];
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
