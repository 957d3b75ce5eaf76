// Metadata /projects/:id/metadata: tables for the watershed, HRUs, scenarios and input
// modifications. Each table of the response shows as a grid: a list of rows as a table with a
// column per field, an object as name/value pairs.
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ErrorList, formatCell, formatDateTime, useApiQuery, type PageProps } from '@headwater/plugin-sdk';
import { ProjectFrame } from '../project.tsx';

const TITLES: Record<string, string> = { watershed: 'Watershed', hrus: 'HRUs', scenarios: 'Scenarios', modifications: 'Input modifications', landuse: 'land use', soil: 'soil', slope: 'slope' };

function title(key: string): string {
  return key
    .split(': ')
    .map((part) => TITLES[part] ?? part.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase()))
    .join(': ');
}

function header(key: string): string {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function cell(v: unknown): string {
  if (Array.isArray(v)) return v.map((x) => cell(x)).join(', ');
  if (typeof v === 'string' && ISO_DATE.test(v)) return formatDateTime(v);
  if (v && typeof v === 'object') return JSON.stringify(v);
  return formatCell(v);
}

/** Rows that are all { name, value } read as a two-column list. */
function isNameValue(rows: Record<string, unknown>[]): boolean {
  return rows.length > 0 && rows.every((r) => Object.keys(r).length === 2 && 'name' in r && 'value' in r);
}

export function MetadataTable({ name, value }: { name: string; value: unknown }) {
  if (Array.isArray(value) && isNameValue(value as Record<string, unknown>[])) {
    return (
      <Paper withBorder p="sm" data-testid={`metadata-${name}`}>
        <Title order={5} mb="xs">
          {title(name)}
        </Title>
        <Table withTableBorder>
          <Table.Tbody>
            {(value as { name: string; value: unknown }[]).map((r, i) => (
              <Table.Tr key={i}>
                <Table.Th w={260}>{r.name}</Table.Th>
                <Table.Td>{cell(r.value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(Array.isArray)) {
    // A table of tables (original / trimmed groups: land use, soil, slope).
    return (
      <Stack gap="xs" data-testid={`metadata-${name}`}>
        {Object.entries(value as Record<string, unknown[]>).map(([k, rows]) => (
          <MetadataTable key={k} name={`${name}: ${k}`} value={rows} />
        ))}
      </Stack>
    );
  }
  if (Array.isArray(value)) {
    const rows = value.filter((r) => r && typeof r === 'object') as Record<string, unknown>[];
    const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))].sort((a, b) => (a === 'name' ? -1 : b === 'name' ? 1 : 0));
    return (
      <Paper withBorder p="sm" data-testid={`metadata-${name}`}>
        <Title order={5} mb="xs">
          {title(name)}
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            None.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={500}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  {cols.map((c) => (
                    <Table.Th key={c}>{header(c)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={i}>
                    {cols.map((c) => (
                      <Table.Td key={c}>{cell(r[c])}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    );
  }
  if (value && typeof value === 'object') {
    return (
      <Paper withBorder p="sm" data-testid={`metadata-${name}`}>
        <Title order={5} mb="xs">
          {title(name)}
        </Title>
        <Table withTableBorder>
          <Table.Tbody>
            {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w={240}>{header(k)}</Table.Th>
                <Table.Td>{cell(v)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  }
  return null;
}

function MetadataBody({ id }: { id: string }) {
  const q = useApiQuery<Record<string, unknown>>(`projects/metadata/${id}`);
  if (q.error) return <ErrorList error={q.error} />;
  if (!q.data) return null;
  const entries = Object.entries(q.data).filter(([, v]) => v && typeof v === 'object');
  return (
    <Stack>
      {entries.map(([k, v]) => (
        <MetadataTable key={k} name={k} value={v} />
      ))}
    </Stack>
  );
}

export function MetadataPage({ params }: PageProps) {
  const id = params.id!;
  return (
    <ProjectFrame id={id} page="Metadata">
      {() => <MetadataBody id={id} />}
    </ProjectFrame>
  );
}
