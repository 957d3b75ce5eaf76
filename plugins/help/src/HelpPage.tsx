// Spec 1 'Help /help': the help text (or the custom help page when the site setting says so),
// the user tiers table and the run-time guide.
import { Skeleton, Stack, Table, Title } from '@mantine/core';
import { ErrorList, HtmlText, PageLayout, ROUTES, RouteLink, TiersTable, useApiQuery, type Tier } from '@headwater/plugin-sdk';

import type { RuntimeGuide } from './runtimeGuide.ts';

type WebsiteText = { siteText: { helpPageText: string }; siteSettings: { useCustomHelpPage: boolean } };

export function HelpPage() {
  const site = useApiQuery<WebsiteText>('datasets/websitetext');
  const custom = !!site.data?.siteSettings.useCustomHelpPage;
  const page = useApiQuery<{ text: string }>(custom ? 'datasets/websitetextpage/Help' : null);
  const tiers = useApiQuery<Tier[]>('account/alltiers');
  const guide = useApiQuery<RuntimeGuide>('help/runtimeguide');
  const html = custom ? page.data?.text : site.data?.siteText.helpPageText;

  return (
    <PageLayout title="Documentation & Support">
      <ErrorList error={site.error ?? page.error} />
      {html === undefined ? <Skeleton h={120} /> : <HtmlText html={html} testId="help-text" />}
      <RouteLink to={ROUTES.HelpLandUse} data-testid="landuse-link">
        Land Use Definitions
      </RouteLink>

      <Stack gap="xs">
        <Title order={3}>User tiers</Title>
        <ErrorList error={tiers.error} />
        <TiersTable tiers={tiers.data ?? []} />
      </Stack>

      <Stack gap="xs">
        <Title order={3}>Run-time guide</Title>
        <ErrorList error={guide.error} />
        {guide.data && (
          <Table withTableBorder data-testid="runtime-guide">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>HRUs</Table.Th>
                {guide.data.years.map((y) => (
                  <Table.Th key={y}>{y} years</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {guide.data.rows.map((r) => (
                <Table.Tr key={r.hrus}>
                  <Table.Td>{r.hrus.toLocaleString('en-US')}</Table.Td>
                  {r.times.map((t, i) => (
                    <Table.Td key={i}>{t}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </PageLayout>
  );
}
