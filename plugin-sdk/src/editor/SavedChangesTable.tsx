// The shared saved-changes viewer (spec 2 §2): columns view, value, subbasins, Land use,
// soils, slopes, Added date, delete. An empty list means All; a list shows at most 5 items
// then '(...)'. View opens one change in full; delete asks first, then
// `DELETE scenarios/deletemod/{id}` and reloads the list.
import { Button, Modal, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useApiMutation } from '../api/hooks.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { formatCell } from '../ui/format.ts';
import { changeSubbasins, formatAddedDate, formatListCell } from './changes.ts';
import { EDITOR_MESSAGES, MONTH_NAMES } from './messages.ts';
import type { SavedChange } from './types.ts';

export type SavedChangesTableProps = {
  changes: SavedChange[];
  /** The value column's text (the server's `value` by default). */
  describeChange?: (change: SavedChange) => ReactNode;
  /** Query path prefixes reloaded after a delete (default: every `scenarios/getmods/` list). */
  invalidate?: string[];
  onDeleted?: (id: number) => void;
  /** Hide the delete buttons (e.g. while the scenario runs). */
  readOnly?: boolean;
  emptyText?: string;
};

const fullList = (list: readonly (string | number)[] | undefined, applyToAll?: boolean) => (applyToAll || !list?.length ? 'All' : list.join(', '));

function ModificationTable({ value }: { value: unknown }) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return (
      <Table withTableBorder withColumnBorders data-testid="change-values">
        <Table.Tbody>
          {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th>{k}</Table.Th>
              <Table.Td>{typeof v === 'object' && v !== null ? JSON.stringify(v) : formatCell(v)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  if (value === undefined || value === null) return null;
  return (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
      {JSON.stringify(value, null, 2)}
    </Text>
  );
}

export function SavedChangesTable({ changes, describeChange, invalidate = ['scenarios/getmods/'], onDeleted, readOnly, emptyText = EDITOR_MESSAGES.noChanges }: SavedChangesTableProps) {
  const [viewing, setViewing] = useState<SavedChange | null>(null);
  const [deleting, setDeleting] = useState<SavedChange | null>(null);
  const remove = useApiMutation<number>('DELETE', (id) => `scenarios/deletemod/${id}`, {
    invalidate,
    onSuccess: (_r, id) => {
      setDeleting(null);
      onDeleted?.(id);
    },
  });
  const describe = (c: SavedChange): ReactNode => (describeChange ? describeChange(c) : formatCell(c.value));

  if (!changes.length)
    return (
      <Text c="dimmed" size="sm" data-testid="saved-changes-empty">
        {emptyText}
      </Text>
    );

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table striped withTableBorder data-testid="saved-changes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>View</Table.Th>
              <Table.Th>Value</Table.Th>
              <Table.Th>Subbasins</Table.Th>
              <Table.Th>Land use</Table.Th>
              <Table.Th>Soils</Table.Th>
              <Table.Th>Slopes</Table.Th>
              <Table.Th>Added date</Table.Th>
              {!readOnly && <Table.Th>Delete</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => (
              <Table.Tr key={c.id} data-testid={`change-${c.id}`}>
                <Table.Td>
                  <Button size="compact-xs" variant="light" onClick={() => setViewing(c)} aria-label={`View change ${c.id}`}>
                    View
                  </Button>
                </Table.Td>
                <Table.Td>{describe(c)}</Table.Td>
                <Table.Td>{formatListCell(changeSubbasins(c), c.applyToAll)}</Table.Td>
                <Table.Td>{formatListCell(c.landuses, c.applyToAll)}</Table.Td>
                <Table.Td>{formatListCell(c.soils, c.applyToAll)}</Table.Td>
                <Table.Td>{formatListCell(c.slopes, c.applyToAll)}</Table.Td>
                <Table.Td>{formatAddedDate(c.lastModifiedDate)}</Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(c)} aria-label={`Delete change ${c.id}`}>
                      Delete
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Modal opened={!!viewing} onClose={() => setViewing(null)} title="Saved change" size="lg">
        {viewing && (
          <Table withTableBorder data-testid="change-view">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>Value</Table.Th>
                <Table.Td>{describe(viewing)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Subbasins</Table.Th>
                <Table.Td>{fullList(changeSubbasins(viewing), viewing.applyToAll)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Land use</Table.Th>
                <Table.Td>{fullList(viewing.landuses, viewing.applyToAll)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Soils</Table.Th>
                <Table.Td>{fullList(viewing.soils, viewing.applyToAll)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Slopes</Table.Th>
                <Table.Td>{fullList(viewing.slopes, viewing.applyToAll)}</Table.Td>
              </Table.Tr>
              {!!viewing.months?.length && (
                <Table.Tr>
                  <Table.Th>Months</Table.Th>
                  <Table.Td>{viewing.months.map((m) => MONTH_NAMES[m - 1] ?? m).join(', ')}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th>Added date</Table.Th>
                <Table.Td>{formatAddedDate(viewing.lastModifiedDate)}</Table.Td>
              </Table.Tr>
              {viewing.modificationObject !== undefined && (
                <Table.Tr>
                  <Table.Th>Values</Table.Th>
                  <Table.Td>
                    <ModificationTable value={viewing.modificationObject} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        )}
      </Modal>

      <ConfirmDialog
        opened={!!deleting}
        title="Delete change"
        confirmLabel="Delete"
        danger
        locked
        busy={remove.isPending}
        error={remove.error}
        onCancel={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        {EDITOR_MESSAGES.confirmRemoveOne}
      </ConfirmDialog>
    </>
  );
}
