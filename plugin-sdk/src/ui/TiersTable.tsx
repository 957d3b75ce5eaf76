import { Table } from '@mantine/core';
import { TIER_COLUMNS, tierRow, type Tier } from '../tiers.ts';

/** The user tiers table (help page, account page); `current` is shown in bold. */
export function TiersTable({ tiers, current }: { tiers: Tier[]; current?: number }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder striped data-testid="tiers-table">
        <Table.Thead>
          <Table.Tr>
            {TIER_COLUMNS.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tiers.map((t) => (
            <Table.Tr key={t.id} fw={t.id === current ? 700 : undefined}>
              {tierRow(t).map((cell, i) => (
                <Table.Td key={i}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
