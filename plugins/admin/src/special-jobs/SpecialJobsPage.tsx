// /admin/special-jobs (spec 3 §2.3 'Special Administrative Jobs', full administrators only): the
// maintenance jobs an operator needs, each run on the queue; progress arrives live (room
// `adminspecialjobs`) and each run's outcome stays in the list.
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { ErrorList, PageLayout, ProgressView, api, formatDateTime, queryFallback, useAction, useApiQuery, useLiveStatus } from '@headwater/plugin-sdk';

type Run = { id: number; kind: string; title: string; status: 'waiting' | 'running' | 'complete' | 'error'; progress: number; message: string; startedBy: string; createdAt: string; finishedAt: string | null };
type SpecialJobs = { jobs: { kind: string; title: string; description: string }[]; runs: Run[] };

const COLOR: Record<Run['status'], string> = { waiting: 'gray', running: 'blue', complete: 'green', error: 'red' };

export function SpecialJobsPage() {
  const list = useApiQuery<SpecialJobs>('admin/special-jobs');
  useLiveStatus<Run>('adminspecialjobs', 'special-job-status', () => void list.refetch());
  const start = useAction(async (kind: string) => {
    await api.post(`admin/special-jobs/${kind}`, {});
    await list.refetch();
  });
  const fallback = queryFallback(list, 'Special Administrative Jobs');
  if (fallback) return fallback;
  const { jobs, runs } = list.data!;
  const busy = (kind: string) => runs.some((r) => r.kind === kind && (r.status === 'waiting' || r.status === 'running'));
  return (
    <PageLayout title="Special Administrative Jobs">
      <Stack>
        <ErrorList error={start.error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {jobs.map((j) => {
            const current = runs.find((r) => r.kind === j.kind && (r.status === 'waiting' || r.status === 'running'));
            return (
              <Card withBorder key={j.kind} data-testid={`special-${j.kind}`}>
                <Stack gap="xs">
                  <Text fw={600}>{j.title}</Text>
                  <Text size="sm">{j.description}</Text>
                  {current ? (
                    <ProgressView percent={current.progress} message={current.message} startedAt={current.createdAt} />
                  ) : (
                    <Group>
                      <Button size="xs" onClick={() => void start.run(j.kind)} disabled={busy(j.kind)} loading={start.busy} data-testid={`start-${j.kind}`}>
                        Run now
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
        <Text fw={600}>Recent runs</Text>
        {runs.length === 0 ? (
          <Text size="sm">No runs yet.</Text>
        ) : (
          <Table striped withTableBorder data-testid="special-runs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>Started by</Table.Th>
                <Table.Th>Started</Table.Th>
                <Table.Th>Finished</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.title}</Table.Td>
                  <Table.Td>
                    <Badge color={COLOR[r.status]}>{r.status === 'running' ? `${r.progress}%` : r.status}</Badge>
                  </Table.Td>
                  <Table.Td>{r.message}</Table.Td>
                  <Table.Td>{r.startedBy}</Table.Td>
                  <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                  <Table.Td>{r.finishedAt ? formatDateTime(r.finishedAt) : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </PageLayout>
  );
}
