// /admin (AdminDashboard; spec 3 §2.3, §3): the site's counts and averages and the statistics
// time chart. The figures are computed on the server when asked and cached there (`computedAt`):
// the page shows the cached ones and "Refresh" recomputes them.
import { Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { ErrorList, PageLayout, api, formatDateTime, useApiQuery, type ApiError } from '@headwater/plugin-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Dashboard } from './types.ts';

const StatsChart = lazy(() => import('./StatsChart.tsx'));

const FIGURES: { key: keyof Dashboard; label: string; unit?: string }[] = [
  { key: 'numUsers', label: 'Users' },
  { key: 'numProjects', label: 'Projects' },
  { key: 'numScenarios', label: 'Scenarios' },
  { key: 'numScenariosRunning', label: 'Scenarios running' },
  { key: 'avgProjectsPerUser', label: 'Average projects per user' },
  { key: 'avgHrusPerProject', label: 'Average HRUs per project' },
  { key: 'avgScenariosPerProject', label: 'Average scenarios per project' },
  { key: 'avgScenarioRunTime', label: 'Average scenario run time', unit: 'minutes' },
];

export function DashboardPage() {
  const query = useApiQuery<Dashboard>('admin/dashboard');
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const refresh = async () => {
    setRefreshing(true);
    setError(null);
    try {
      client.setQueryData(['api', 'admin/dashboard'], await api.get<Dashboard>('admin/dashboard?refresh=true'));
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setRefreshing(false);
    }
  };
  const d = query.data;
  return (
    <PageLayout
      title="Administration"
      actions={
        <Button variant="default" onClick={() => void refresh()} loading={refreshing} data-testid="dashboard-refresh">
          Refresh
        </Button>
      }
    >
      <ErrorList error={query.error ?? error} />
      {query.isLoading && (
        <Center p="xl">
          <Loader />
        </Center>
      )}
      {d && (
        <Stack gap="md">
          <Text size="sm" c="dimmed" data-testid="dashboard-computed-at">
            Computed {formatDateTime(d.computedAt)}
            {d.buildDate ? ` · build ${d.buildDate}` : ''}
          </Text>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {FIGURES.map((f) => (
              <Card key={f.key} withBorder padding="sm" data-testid={`dashboard-${f.key}`}>
                <Text size="xs" c="dimmed">
                  {f.label}
                </Text>
                <Group gap={4} align="baseline">
                  <Text fw={700} size="xl" data-testid={`dashboard-${f.key}-value`}>
                    {Number(d[f.key]).toLocaleString()}
                  </Text>
                  {f.unit && (
                    <Text size="sm" c="dimmed">
                      {f.unit}
                    </Text>
                  )}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          <Card withBorder>
            <Suspense fallback={<Loader />}>
              <StatsChart chart={d.statisticsTimeChart} />
            </Suspense>
          </Card>
        </Stack>
      )}
    </PageLayout>
  );
}
