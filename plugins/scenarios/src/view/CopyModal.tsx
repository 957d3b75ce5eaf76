// Copy (spec 2 §5): a name is required; POST scenarios/copy/{id} { value } answers the new id.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { ErrorList, api, useAction } from '@headwater/plugin-sdk';
import { useState, type FormEvent } from 'react';
import { SCENARIO_MESSAGES } from '../logic.ts';
import type { Scenario } from '../types.ts';

export type CopyModalProps = { scenario: Scenario; onClose: () => void; onCopied: (newId: number) => void };

export function CopyModal({ scenario, onClose, onCopied }: CopyModalProps) {
  const [name, setName] = useState(`${scenario.name} (Copy)`);
  const [problem, setProblem] = useState<string | null>(null);
  const { run: copy, busy, error } = useAction(async (value: string) => {
    const r = await api.post<{ id: number } | number>(`scenarios/copy/${scenario.id}`, { value });
    onCopied(typeof r === 'object' && r ? r.id : r);
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = name.trim() ? null : SCENARIO_MESSAGES.copyName;
    setProblem(p);
    if (!p) void copy(name.trim());
  };

  return (
    <Modal opened onClose={onClose} title="Copy scenario">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name of the new scenario" value={name} onChange={(e) => setName(e.currentTarget.value)} error={problem} data-autofocus data-testid="copy-name" />
          <ErrorList error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} data-testid="copy-submit">
              Copy
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
