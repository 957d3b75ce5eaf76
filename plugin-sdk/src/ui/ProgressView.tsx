import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { TIMING } from '../messages.ts';

/** Formats a duration as the spec's run-time guide does: `1d 6h 4m`, `8m 12s`. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d) return `${d}d ${h}h ${m}m`;
  if (h) return `${h}h ${m}m ${sec}s`;
  if (m) return `${m}m ${sec}s`;
  return `${sec}s`;
}

export type ProgressViewProps = { percent: number; message?: string; startedAt?: Date | string | number; onRefresh?: () => void };

/** Live progress: a bar with percent, the latest message, and the elapsed time ticking each second. */
export function ProgressView({ percent, message, startedAt, onRefresh }: ProgressViewProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === undefined) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [startedAt]);
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <Stack gap="xs" data-testid="progress-view">
      <Progress value={p} animated={p < 100} size="lg" aria-label={`${p}%`} />
      <Group justify="space-between">
        <Text size="sm">
          {p}% {message ? `· ${message}` : ''}
        </Text>
        <Group gap="sm">
          {startedAt !== undefined && (
            <Text size="sm" c="dimmed">
              Elapsed time: {formatElapsed(now - new Date(startedAt).getTime())}
            </Text>
          )}
          {onRefresh && (
            <Button size="xs" variant="subtle" onClick={onRefresh}>
              Refresh now
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

