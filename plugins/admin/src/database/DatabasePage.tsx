// /admin/database (AdminDatabase; spec 3 §2.3 "an admin database page shows per-dataset counts"):
// per dataset its subbasins, HRUs, projects, scenarios and the users with projects on it.
import { Badge, Table } from '@mantine/core';
import { PageLayout, queryFallback, useApiQuery } from '@headwater/plugin-sdk';

type Row = { id: number; name: string; isActive: boolean; isUserSubmitted: boolean; subbasins: number; hrus: number; projects: number; scenarios: number; users: number };
type Database = { datasets: Row[]; totals: { subbasins: number; hrus: number; projects: number; scenarios: number } };

const n = (v: number) => v.toLocaleString();

export function DatabasePage() {
  const query = useApiQuery<Database>('admin/database');
  const data = query.data;
  if (!data) return <PageLayout title="Database">{queryFallback(query)}</PageLayout>;
  return (
    <PageLayout title="Database">
      <Table withTableBorder striped data-testid="database-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Dataset</Table.Th>
            <Table.Th ta="right">Subbasins</Table.Th>
            <Table.Th ta="right">HRUs</Table.Th>
            <Table.Th ta="right">Projects</Table.Th>
            <Table.Th ta="right">Scenarios</Table.Th>
            <Table.Th ta="right">Users with projects</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datasets.map((d) => (
            <Table.Tr key={d.id} data-testid={`database-row-${d.id}`}>
              <Table.Td>
                {d.name} {!d.isActive && <Badge color="gray" variant="light">inactive</Badge>} {d.isUserSubmitted && <Badge variant="light">uploaded</Badge>}
              </Table.Td>
              <Table.Td ta="right">{n(d.subbasins)}</Table.Td>
              <Table.Td ta="right">{n(d.hrus)}</Table.Td>
              <Table.Td ta="right">{n(d.projects)}</Table.Td>
              <Table.Td ta="right">{n(d.scenarios)}</Table.Td>
              <Table.Td ta="right">{n(d.users)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <Table.Th ta="right">{n(data.totals.subbasins)}</Table.Th>
            <Table.Th ta="right">{n(data.totals.hrus)}</Table.Th>
            <Table.Th ta="right">{n(data.totals.projects)}</Table.Th>
            <Table.Th ta="right">{n(data.totals.scenarios)}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </PageLayout>
  );
}
