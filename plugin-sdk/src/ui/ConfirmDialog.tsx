import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorList } from './ErrorList.tsx';

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  busy?: boolean;
  error?: unknown;
  /** Deletion dialogs cannot be dismissed by a backdrop click or Escape (spec 3 §4). */
  locked?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ opened, title, children, confirmLabel = 'Confirm', danger, busy, error, locked, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} closeOnClickOutside={!locked} closeOnEscape={!locked} withCloseButton={!locked}>
      <Stack>
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <ErrorList error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
