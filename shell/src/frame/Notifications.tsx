// The notifications bell (spec 1 §2): count, a list at most 500px high with clear-all, open
// and delete, the empty text, and live updates (`user-notification-status-changed` on the
// user's status-hub room).
import { ActionIcon, Anchor, Badge, Button, Group, Indicator, Stack, Text } from '@mantine/core';
import { ErrorList, MESSAGES, api, useApiQuery, useLiveStatus } from '@headwater/plugin-sdk';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DropdownPopover } from './deferred.tsx';
import { BellIcon } from './icons.tsx';

type Notification = { id: number; title: string; details: string; url: string | null; urlText: string | null; isRead: boolean; notificationDate: string };

export function NotificationsBell({ userName }: { userName: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>();
  const list = useApiQuery<Notification[]>('account/notifications', { staleTime: 60_000 });
  useLiveStatus(`user:${userName}`, 'user-notification-status-changed', () => void list.refetch());
  const items = list.data ?? [];

  const act = async (fn: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await fn();
    } catch (err) {
      setError(err);
    }
    await list.refetch();
  };

  const openOne = (n: Notification) =>
    act(async () => {
      await api.get(`account/notification/${n.id}`);
      if (n.url) {
        setOpen(false);
        if (/^https?:/.test(n.url)) window.location.assign(n.url);
        else navigate(n.url);
      }
    });

  return (
    // the popover and its scroll area load on first use (deferred.tsx)
    <DropdownPopover
      opened={open}
      onChange={setOpen}
      width={360}
      shadow="md"
      dropdownProps={{ p: 'xs', 'data-testid': 'notifications-list' }}
      target={
        <Indicator label={items.length} size={16} disabled={items.length === 0} offset={4} data-testid="notifications-count">
          <ActionIcon variant="subtle" size="lg" aria-label="Notifications" title="Notifications" onClick={() => setOpen((o) => !o)} data-testid="notifications-bell">
            <BellIcon />
          </ActionIcon>
        </Indicator>
      }
    >
      {({ ScrollArea }) => (
        <>
          <Group justify="space-between" mb="xs">
            <Text fw={600}>Notifications</Text>
            {items.length > 0 && (
              <Button size="compact-xs" variant="subtle" onClick={() => act(() => api.delete('account/notifications'))} data-testid="notifications-clear">
                Clear all
              </Button>
            )}
          </Group>
          <ErrorList error={error} />
          <ScrollArea.Autosize mah={500} type="auto">
            {items.length === 0 ? (
              <Text size="sm" c="dimmed" p="xs">
                {MESSAGES.noNotifications}
              </Text>
            ) : (
              <Stack gap="xs">
                {items.map((n) => (
                  <Stack key={n.id} gap={2} p="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} data-testid="notification">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text size="sm" fw={n.isRead ? 400 : 700}>
                        {n.title} {!n.isRead && <Badge size="xs">new</Badge>}
                      </Text>
                      <ActionIcon size="sm" variant="subtle" color="gray" aria-label="Delete notification" onClick={() => act(() => api.delete(`account/notification/${n.id}`))}>
                        ×
                      </ActionIcon>
                    </Group>
                    {n.details && <Text size="xs">{n.details}</Text>}
                    <Group justify="space-between">
                      <Text size="xs" c="dimmed">
                        {new Date(n.notificationDate).toLocaleString()}
                      </Text>
                      <Anchor component="button" type="button" size="xs" onClick={() => openOne(n)}>
                        {n.url ? n.urlText || 'Open' : 'Mark as read'}
                      </Anchor>
                    </Group>
                  </Stack>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </>
      )}
    </DropdownPopover>
  );
}
