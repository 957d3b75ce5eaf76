import { Container, Group, Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

export type PageLayoutProps = { title?: ReactNode; actions?: ReactNode; children: ReactNode; size?: 'sm' | 'md' | 'lg' | 'xl'; documentTitle?: string };

/** The frame of a plugin page: title row with actions, then content. Sets the tab title. */
export function PageLayout({ title, actions, children, size = 'xl', documentTitle }: PageLayoutProps) {
  const tabTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);
  useEffect(() => {
    if (tabTitle) document.title = `${tabTitle} · Headwater`;
  }, [tabTitle]);
  return (
    <Container size={size} py="md">
      <Stack gap="md">
        {(title || actions) && (
          <Group justify="space-between" align="center">
            {title && <Title order={2}>{title}</Title>}
            {actions}
          </Group>
        )}
        {children}
      </Stack>
    </Container>
  );
}
