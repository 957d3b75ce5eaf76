// The fixed action bar of every editor page (spec 2 'Editor pages'): Save (disabled until the
// form changes, with the reason as a tooltip), Back, and Remove Changes when there are saved
// changes — which asks for confirmation, then removes every change of the table.
import { Button, Group, Paper, Tooltip } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { EDITOR_MESSAGES } from './messages.ts';

export type RemoveAction = { isPending: boolean; error: unknown; reset(): void; mutate(v: undefined): void };

export function EditorActionBar(props: {
  canSave: boolean;
  saving: boolean;
  onSave(): void;
  /** why Save is disabled (tooltip), or null */
  saveProblem?: string | null;
  back: ReactNode;
  canRemove: boolean;
  remove: RemoveAction;
  /** false: no Save (a page that only lists, like a records editor's list) */
  showSave?: boolean;
  /** the confirmation's text (default: every saved change of the editor is removed) */
  confirmText?: string;
}) {
  const [confirm, setConfirm] = useState(false);
  const { remove } = props;
  // once the changes are gone (removed, and the list reloaded) the dialog closes
  useEffect(() => {
    if (!props.canRemove) setConfirm(false);
  }, [props.canRemove]);
  return (
    <>
      <Paper withBorder shadow="sm" p="sm" pos="sticky" bottom={0} style={{ zIndex: 5 }} data-testid="editor-actions">
        <Group justify="space-between">
          <Group>
            {props.showSave !== false && (
              <Tooltip label={props.saveProblem ?? ''} disabled={!props.saveProblem}>
                <span>
                  <Button onClick={props.onSave} disabled={!props.canSave} loading={props.saving}>
                    Save
                  </Button>
                </span>
              </Tooltip>
            )}
            {props.back}
          </Group>
          {props.canRemove && (
            <Button color="red" variant="outline" onClick={() => setConfirm(true)}>
              Remove Changes
            </Button>
          )}
        </Group>
      </Paper>
      <ConfirmDialog
        opened={confirm}
        title="Remove Changes"
        confirmLabel="Remove Changes"
        danger
        locked
        busy={remove.isPending}
        error={remove.error}
        onCancel={() => {
          setConfirm(false);
          remove.reset();
        }}
        onConfirm={() => remove.mutate(undefined)}
      >
        {props.confirmText ?? EDITOR_MESSAGES.confirmRemoveAll}
      </ConfirmDialog>
    </>
  );
}
