// Send an email to all users (AdminEmail; full administrators only — spec 3 §2.3, §6; the server
// refuses anyone else). Subject and body are required (§5, body trimmed); "Send a copy to me"
// is the bccSender option. Sending runs as a queue job in batches: its progress arrives live on
// `massemail:{id}` and is polled as a fallback.
import { Alert, Badge, Button, Checkbox, Progress, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ErrorList, PageLayout, formatDateTime, useApiMutation, useApiQuery, useLiveStatus } from '@headwater/plugin-sdk';
import { useState } from 'react';
import { RichTextEditor } from './RichTextEditor.tsx';

type Sending = { id: number; subject: string; status: 'running' | 'complete' | 'error'; total: number; sent: number; progress: number; statusMessage: string };
type Form = { subject: string; body: string; bccSender: boolean };
type Sent = Sending & { sender: string; bccSender: boolean; createdAt: string };

/** What was sent before: by whom, when, to how many (GET admin/users/emailusers). */
function SentEmails() {
  const list = useApiQuery<Sent[]>('admin/users/emailusers', { refetchInterval: (q) => (q.state.data?.some((s) => s.status === 'running') ? 3000 : false) });
  if (!list.data?.length) return null;
  return (
    <Stack gap={4}>
      <Title order={4}>Sent e-mails</Title>
      <Table withTableBorder striped data-testid="email-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Recipients</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{formatDateTime(s.createdAt)}</Table.Td>
              <Table.Td>{s.subject}</Table.Td>
              <Table.Td>{s.sender}</Table.Td>
              <Table.Td>
                {s.sent} of {s.total}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={s.status === 'complete' ? 'green' : s.status === 'error' ? 'red' : 'blue'} title={s.statusMessage}>
                  {s.status}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function SendingProgress({ id }: { id: number }) {
  const polled = useApiQuery<Sending>(`admin/users/emailusers/${id}`, { refetchInterval: (q) => (q.state.data?.status === 'running' ? 2000 : false) });
  const live = useLiveStatus<Sending>(`massemail:${id}`, 'mass-email-status');
  const s = live && (!polled.data || live.sent >= polled.data.sent) ? live : polled.data;
  if (!s) return null;
  return (
    <Stack gap={4} data-testid="email-progress">
      <Text size="sm">
        {s.status === 'complete' ? `Sent "${s.subject}" to ${s.sent} users.` : `Sending "${s.subject}": ${s.sent} of ${s.total}`}
      </Text>
      <Progress value={s.progress} animated={s.status === 'running'} />
      {s.status === 'error' && <Alert color="red">{s.statusMessage}</Alert>}
    </Stack>
  );
}

export function EmailPage() {
  const [form, setForm] = useState<Form>({ subject: '', body: '', bccSender: true });
  const [sending, setSending] = useState<number>();
  const send = useApiMutation<Form, { id: number; total: number }>('POST', 'admin/users/emailusers', {
    invalidate: ['admin/users/emailusers'],
    onSuccess: (r) => {
      setSending(r.id);
      setForm({ subject: '', body: '', bccSender: form.bccSender });
    },
  });
  const errors = send.error?.fieldErrors ?? {};
  return (
    <PageLayout title="Send an email to all users" size="md">
      <Text size="sm" c="dimmed">
        One message goes to every user with a confirmed email address.
      </Text>
      <ErrorList error={send.error} />
      <TextInput label="Subject" required value={form.subject} onChange={(e) => setForm({ ...form, subject: e.currentTarget.value })} error={errors.subject?.join(' ')} maxLength={200} data-testid="email-subject" />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Body <span style={{ color: 'var(--mantine-color-red-6)' }}>*</span>
        </Text>
        <RichTextEditor label="Body" value={form.body} onChange={(body) => setForm((f) => ({ ...f, body }))} />
        {errors.body && (
          <Text size="xs" c="red">
            {errors.body.join(' ')}
          </Text>
        )}
      </Stack>
      <Checkbox label="Send a copy to me (bcc)" checked={form.bccSender} onChange={(e) => setForm({ ...form, bccSender: e.currentTarget.checked })} data-testid="email-bcc" />
      <Button onClick={() => send.mutate({ ...form, subject: form.subject.trim(), body: form.body.trim() })} loading={send.isPending} w={160} data-testid="email-send">
        Send
      </Button>
      {sending !== undefined && <SendingProgress id={sending} />}
      <SentEmails />
    </PageLayout>
  );
}
