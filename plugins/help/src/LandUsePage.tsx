// Spec 1 'Land use page': dataset selector grouped by label (default group 'System datasets'),
// a search box, and the dataset's land use codes and descriptions.
import { Select, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { ErrorList, PageLayout, useApiQuery } from '@headwater/plugin-sdk';
import { useMemo, useState } from 'react';

type Group = { label: string; options: { value: number; text: string; loadByDefault: boolean }[] };
type CropCode = { code: string; name: string };

export function filterLandUses(rows: CropCode[], filter: string): CropCode[] {
  const f = filter.trim().toLowerCase();
  if (!f) return rows;
  return rows.filter((r) => r.code.toLowerCase().includes(f) || r.name.toLowerCase().includes(f));
}

export function LandUsePage() {
  const groups = useApiQuery<Group[]>('datasets/publiclist');
  const [picked, setPicked] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const defaultId = useMemo(() => {
    const all = groups.data?.flatMap((g) => g.options) ?? [];
    return String((all.find((o) => o.loadByDefault) ?? all[0])?.value ?? '');
  }, [groups.data]);
  const datasetId = picked ?? (defaultId || null);
  const codes = useApiQuery<CropCode[]>(datasetId ? `datasets/cropcodes?id=${datasetId}` : null);
  const rows = filterLandUses(codes.data ?? [], filter);

  return (
    <PageLayout title="Land Use Codes and Definitions">
      <ErrorList error={groups.error} />
      <Select
        label="Dataset"
        data-testid="dataset-select"
        w={420}
        allowDeselect={false}
        value={datasetId}
        onChange={setPicked}
        data={(groups.data ?? []).map((g) => ({ group: g.label || 'System datasets', items: g.options.map((o) => ({ value: String(o.value), label: o.text })) }))}
      />
      <TextInput label="Search" placeholder="Code or description" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} w={420} data-testid="landuse-filter" />
      {codes.isLoading ? (
        <Skeleton h={160} />
      ) : codes.error || !codes.data || codes.data.length === 0 ? (
        <Text c="dimmed" data-testid="landuse-empty">
          Data unavailable
        </Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed" data-testid="landuse-empty">
          No land use found matching the filter.
        </Text>
      ) : (
        <Table withTableBorder striped data-testid="landuse-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Description</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.code}>
                <Table.Td>{r.code}</Table.Td>
                <Table.Td>{r.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </PageLayout>
  );
}
