// What the groups pages share: refreshing every cached group list after a change, the live
// refresh when an invitation arrives (the bell's event on the user's room), and the group form.
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { ErrorList, GROUP_MESSAGES, MAX_GROUP_DESCRIPTION, MAX_GROUP_NAME, groupFormProblem, useAction, useLiveStatus, useSession } from '@headwater/plugin-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

/** Refetches every cached `groups…` answer (lists, the group, its tables) and the dashboard's. */
export function useRefreshGroups() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'api' && /^(groups|projects\/recent-activity)/.test(String(q.queryKey[1] ?? '')),
    });
}

/** Calls `refresh` when the user's notifications change (an invitation arrived, live). */
export function useInvitationsLive(refresh: () => void) {
  const session = useSession();
  useLiveStatus(session.user ? `user:${session.user.userName}` : null, 'user-notification-status-changed', refresh);
}

export type GroupFormValues = { name: string; description: string };

/** Name and description, both required (spec 3 §5: 'Please enter both a name and description.'). */
export function GroupForm({ initial, submitLabel, onSubmit, onCancel }: { initial?: GroupFormValues; submitLabel: string; onSubmit: (v: GroupFormValues) => Promise<unknown>; onCancel?: () => void }) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [problem, setProblem] = useState<ReturnType<typeof groupFormProblem>>({});
  const save = useAction(onSubmit);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = groupFormProblem(name, description);
    setProblem(p);
    if (!p.message && !p.name && !p.description) void save.run({ name: name.trim(), description: description.trim() });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="group-form">
      <Stack>
        <ErrorList error={problem.message ?? save.error} />
        <TextInput label="Name" required maxLength={MAX_GROUP_NAME} value={name} onChange={(e) => setName(e.currentTarget.value)} error={problem.name} data-autofocus data-testid="group-name" />
        <Textarea label="Description" required autosize minRows={3} maxLength={MAX_GROUP_DESCRIPTION} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={problem.description} data-testid="group-description" />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.busy}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={save.busy} data-testid="group-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export { GROUP_MESSAGES };
