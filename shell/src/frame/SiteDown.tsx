// The site-down page (issue 20): shown to everyone but administrators while the website
// settings have `isOffline` set. The server answers their API calls 503 meanwhile
// (platform-api/src/modules/site/gate.ts); the header stays so an administrator can sign in.
import { Center, Stack, Text, Title } from '@mantine/core';

export const SITE_DOWN_MESSAGE = 'The site is offline for maintenance. Please try again later.';

export function SiteDown({ siteName }: { siteName: string }) {
  return (
    <Center p="xl" mih={300} data-testid="site-down">
      <Stack align="center" gap="xs">
        <Title order={2}>{siteName} is offline</Title>
        <Text>{SITE_DOWN_MESSAGE}</Text>
      </Stack>
    </Center>
  );
}
