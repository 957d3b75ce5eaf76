// Small display helpers of the SWAT Check tabs: numbers, key/value tables, warning lists.
import { Alert, List, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A number to `digits` decimals ('—' when missing). */
export function fmt(v: number | null | undefined, digits = 2): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A ratio (0–1) as a percentage. */
export function pct(v: number | null | undefined, digits = 1): string {
  return v === null || v === undefined || !Number.isFinite(v) ? '—' : `${fmt(v * 100, digits)} %`;
}

export type Row = [label: string, value: ReactNode, unit?: string];

export function ValueTable({ rows, caption, testId }: { rows: Row[]; caption?: string; testId?: string }) {
  return (
    <Table withTableBorder striped data-testid={testId} maw={640}>
      {caption && <Table.Caption>{caption}</Table.Caption>}
      <Table.Tbody>
        {rows.map(([label, value, unit]) => (
          <Table.Tr key={label}>
            <Table.Td>{label}</Table.Td>
            <Table.Td ta="right">{value}</Table.Td>
            <Table.Td c="dimmed">{unit ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A section's warnings (SWAT Check's messages), or a note that there are none. */
export function Warnings({ warnings, title = 'Warnings' }: { warnings: string[]; title?: string }) {
  if (!warnings.length)
    return (
      <Alert color="green" data-testid="no-warnings">
        No warnings.
      </Alert>
    );
  return (
    <Alert color="yellow" title={`${title} (${warnings.length})`} data-testid="warnings">
      <List size="sm">
        {warnings.map((w, i) => (
          <List.Item key={i}>{w}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** A plain table of records. */
export function RecordTable<T>({ rows, columns, empty, testId }: { rows: T[]; columns: { header: string; cell: (r: T) => ReactNode; align?: 'left' | 'right' }[]; empty: string; testId?: string }) {
  if (!rows.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table withTableBorder striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} ta={c.align ?? 'left'}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i}>
              {columns.map((c) => (
                <Table.Td key={c.header} ta={c.align ?? 'left'}>
                  {c.cell(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
