// /jobs (spec 3 §2.3 'job queue', full administrators only): our own page over the queues —
// waiting, active, failed and delayed jobs of each queue, a failed job retried, a waiting,
// delayed or failed job removed. Works on Bee-Queue (Redis) and on the in-process queue.
import { Badge, Button, Code, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { ErrorList, PageLayout, api, formatDateTime, queryFallback, useAction, useApiQuery } from '@headwater/plugin-sdk';
import { useState } from 'react';

type Counts = { waiting: number; active: number; succeeded: number; failed: number; delayed: number };
type Overview = { driver: 'redis' | 'memory'; queues: { name: string; counts: Counts }[] };
type Job = { id: string; priority: string; state: string; data: unknown; error: string; progress: unknown; createdAt: number | null };
const STATES = ['waiting', 'active', 'failed', 'delayed'] as const;
/** The counts refresh on their own while the page is open. */
const REFRESH_MS = 5000;

export function JobsPage() {
  const overview = useApiQuery<Overview>('admin/jobs', { refetchInterval: REFRESH_MS });
  const [queue, setQueue] = useState<string | null>(null);
  const [state, setState] = useState<(typeof STATES)[number]>('failed');
  const fallback = queryFallback(overview, 'Job queue');
  if (fallback) return fallback;
  const o = overview.data!;
  return (
    <PageLayout title="Job queue">
      <Stack>
        <Text size="sm" c="dimmed">
          {o.driver === 'redis' ? 'Bee-Queue on Redis: every worker process shares these queues.' : 'In-process queue (development): jobs live in this server process only.'}
        </Text>
        <Table striped highlightOnHover withTableBorder data-testid="queue-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Queue</Table.Th>
              {STATES.map((s) => (
                <Table.Th key={s} ta="right">
                  {s[0]!.toUpperCase() + s.slice(1)}
                </Table.Th>
              ))}
              <Table.Th ta="right">Succeeded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.queues.map((q) => (
              <Table.Tr key={q.name} style={{ cursor: 'pointer' }} onClick={() => setQueue(q.name)} bg={queue === q.name ? 'var(--mantine-color-blue-light)' : undefined} data-testid={`queue-${q.name}`}>
                <Table.Td>{q.name}</Table.Td>
                {STATES.map((s) => (
                  <Table.Td key={s} ta="right">
                    {q.counts[s] > 0 && s === 'failed' ? <Badge color="red">{q.counts[s]}</Badge> : q.counts[s]}
                  </Table.Td>
                ))}
                <Table.Td ta="right">{q.counts.succeeded}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {queue && (
          <Stack gap="xs">
            <Group>
              <Text fw={600}>{queue}</Text>
              <SegmentedControl size="xs" value={state} onChange={(v) => setState(v as typeof state)} data={STATES.map((s) => ({ value: s, label: s }))} />
            </Group>
            <QueueJobs queue={queue} state={state} onChanged={() => void overview.refetch()} />
          </Stack>
        )}
      </Stack>
    </PageLayout>
  );
}

function QueueJobs({ queue, state, onChanged }: { queue: string; state: string; onChanged: () => void }) {
  const jobs = useApiQuery<Job[]>(`admin/jobs/${encodeURIComponent(queue)}/${state}`, { refetchInterval: REFRESH_MS });
  const act = useAction(async (kind: 'retry' | 'remove', j: Job) => {
    if (kind === 'retry') await api.post(`admin/jobs/${encodeURIComponent(queue)}/retry/${j.priority}/${encodeURIComponent(j.id)}`, {});
    else await api.delete(`admin/jobs/${encodeURIComponent(queue)}/${j.priority}/${encodeURIComponent(j.id)}`);
    await jobs.refetch();
    onChanged();
  });
  const fallback = queryFallback(jobs, '');
  if (fallback) return fallback;
  if (!jobs.data!.length) return <Text size="sm">{`No ${state} jobs.`}</Text>;
  return (
    <>
      <ErrorList error={act.error} />
      <Table withTableBorder data-testid="job-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th>Priority</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Data</Table.Th>
            {state === 'failed' && <Table.Th>Error</Table.Th>}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.data!.map((j) => (
            <Table.Tr key={`${j.priority}:${j.id}`}>
              <Table.Td>{j.id}</Table.Td>
              <Table.Td>{j.priority}</Table.Td>
              <Table.Td>{j.createdAt ? formatDateTime(new Date(j.createdAt).toISOString()) : ''}</Table.Td>
              <Table.Td>
                <Code>{JSON.stringify(j.data).slice(0, 200)}</Code>
              </Table.Td>
              {state === 'failed' && <Table.Td>{j.error}</Table.Td>}
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {state === 'failed' && (
                    <Button size="compact-xs" variant="light" onClick={() => void act.run('retry', j)} loading={act.busy}>
                      Retry
                    </Button>
                  )}
                  {state !== 'active' && (
                    <Button size="compact-xs" variant="light" color="red" onClick={() => void act.run('remove', j)} loading={act.busy}>
                      Remove
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
