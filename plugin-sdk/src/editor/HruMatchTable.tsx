// The HRUs of a project as a table (spec 2 §2 'HRUs to print': 'a results table (50 per page,
// checkboxes, selected rows highlighted; columns subbasin, landuse, soil, slopeClass, slope,
// slopeLength, area, fraction)'), with or without checkboxes: the rows `POST
// hruselection/matching/{projectID}` answers, or a saved selection. Selecting beyond `max` is
// allowed here and said by the form (the schema's maxItems message).
import { Checkbox, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatCell } from '../ui/format.ts';
import { EDITOR_MESSAGES } from './messages.ts';
import { pageOf } from './records.ts';

/** One HRU row (spec 2 §3 'HRUs to print response'). */
export type HruRow = {
  id: number;
  subbasin: string | number;
  landuse: string;
  soil: string;
  slopeClass: string;
  slope: number;
  slopeLength: number;
  area: number;
  fraction: number;
  [key: string]: unknown;
};

/** Spec 2 §9: the HRUs-to-print table shows 50 per page. */
export const HRU_TABLE_PER_PAGE = 50;

const COLUMNS: { key: keyof HruRow & string; title: string; number?: boolean }[] = [
  { key: 'subbasin', title: 'Subbasin' },
  { key: 'landuse', title: 'Land use' },
  { key: 'soil', title: 'Soil' },
  { key: 'slopeClass', title: 'Slope class' },
  { key: 'slope', title: 'Slope', number: true },
  { key: 'slopeLength', title: 'Slope length', number: true },
  { key: 'area', title: 'Area (km²)', number: true },
  { key: 'fraction', title: 'Fraction', number: true },
];

export type HruMatchTableProps = {
  rows: HruRow[];
  /** ids of the selected rows (highlighted; checked when `onToggle` is given) */
  selected?: readonly number[];
  /** checkboxes: called with a row's id and whether it is now selected */
  onToggle?: (id: number, selected: boolean) => void;
  /** shown in the counter ('3 of 20 selected') */
  max?: number;
  perPage?: number;
  disabled?: boolean;
  'data-testid'?: string;
};

export function HruMatchTable({ rows, selected = [], onToggle, max, perPage = HRU_TABLE_PER_PAGE, disabled, 'data-testid': testId = 'hru-table' }: HruMatchTableProps) {
  const [page, setPage] = useState(1);
  const chosen = new Set(selected);
  const { rows: shown, pages, page: current } = pageOf(rows, page, perPage);
  const first = rows.length ? (current - 1) * perPage + 1 : 0;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {rows.length ? `HRUs ${first}–${first + shown.length - 1} of ${rows.length}` : 'No HRU matches.'}
        </Text>
        {onToggle && max !== undefined && (
          <Text size="sm" fw={500} c={chosen.size > max ? 'red' : undefined} data-testid="hru-selected-count">
            {EDITOR_MESSAGES.selectedOf(chosen.size, max)}
          </Text>
        )}
      </Group>
      <Table.ScrollContainer minWidth={700}>
        <Table withTableBorder highlightOnHover data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {onToggle && <Table.Th w={40} />}
              {COLUMNS.map((c) => (
                <Table.Th key={c.key} style={c.number ? { textAlign: 'right' } : undefined}>
                  {c.title}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => {
              const on = chosen.has(row.id);
              return (
                <Table.Tr key={row.id} data-selected={on ? 'true' : undefined} bg={on && onToggle ? 'var(--mantine-color-blue-light)' : undefined}>
                  {onToggle && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`HRU ${row.id}: subbasin ${row.subbasin}, ${row.landuse}, ${row.soil}, ${row.slopeClass}`}
                        checked={on}
                        disabled={disabled}
                        onChange={(e) => onToggle(row.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  )}
                  {COLUMNS.map((c) => (
                    <Table.Td key={c.key} style={c.number ? { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } : undefined}>
                      {formatCell(row[c.key])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={current} onChange={setPage} aria-label="Pages of the HRU table" />}
    </Stack>
  );
}
