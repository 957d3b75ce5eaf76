// The SWAT Editor databases found in an upload (project .mdb, SWAT2012.mdb, SQLite), as the server
// read them: tables with row counts and the SWAT Editor tables each has, or why it could not be
// read. Shown in the upload result and on the dataset page; the TxtInOut is what is imported.
import { List, Stack, Text } from '@mantine/core';

/** One database of the upload result / import detail (`databases`, issue 18). */
export type SwatDatabase = {
  file: string;
  format: 'access' | 'sqlite';
  tables: { name: string; rows: number }[];
  swatTables: string[];
  error: string | null;
};

export function SwatDatabases({ databases }: { databases: SwatDatabase[] | undefined }) {
  if (!databases?.length) return null;
  return (
    <Stack gap={4} data-testid="swat-databases">
      <Text size="sm" fw={600}>SWAT Editor databases (for information: the TxtInOut files are what is imported)</Text>
      <List size="sm">
        {databases.map((d) => (
          <List.Item key={d.file} data-testid="swat-database">
            {d.error ? (
              <Text size="sm" c="orange">{d.error}</Text>
            ) : (
              <Text size="sm">
                {d.file} ({d.format === 'access' ? 'Access' : 'SQLite'}): {d.tables.length} tables, {d.tables.reduce((n, t) => n + t.rows, 0).toLocaleString('en-US')} rows
                {d.swatTables.length
                  ? `; SWAT Editor tables: ${d.swatTables.map((t) => `${t} (${(d.tables.find((x) => x.name.toLowerCase() === t)?.rows ?? 0).toLocaleString('en-US')})`).join(', ')}`
                  : '; no SWAT Editor tables'}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
