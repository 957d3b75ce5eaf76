// The results of a baseflow separation request: the baseflow index of each subbasin, and a
// subbasin's hydrograph of total flow and baseflow (ApexCharts, zoomable); CSV downloads.
import { Anchor, Center, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { CustomOutputResult, ErrorList, fileHref, OutputPage, ROUTES, useApiQuery, type PageProps } from '@headwater/plugin-sdk';
import type { BaseflowRow } from '../server/index.ts';
import { BASEFLOW_REQUIRES } from './BaseflowPage.tsx';

const Chart = lazy(() => import('react-apexcharts'));

type Summary = { filterParameter: number; bfiMax: number; firstDate: string | null; days: number; rows: BaseflowRow[] };
type Hydrograph = { subbasin: BaseflowRow | null; firstDate: string; flow: (number | null)[]; baseflow: (number | null)[] };

const DAY = 86_400_000;
const n3 = (v: number) => (Number.isFinite(v) ? v.toLocaleString('en-US', { maximumSignificantDigits: 4 }) : '—');

function HydrographChart({ h }: { h: Hydrograph }) {
  const series = useMemo(() => {
    const t0 = Date.parse(`${h.firstDate}T00:00:00Z`);
    return [
      { name: 'Total flow', data: h.flow.map((v, i) => [t0 + i * DAY, v] as [number, number | null]) },
      { name: 'Baseflow', data: h.baseflow.map((v, i) => [t0 + i * DAY, v] as [number, number | null]) },
    ];
  }, [h]);
  return (
    <Suspense fallback={<Loader />}>
      <Chart
        type="line"
        height={360}
        series={series}
        options={{
          chart: { id: 'hydrograph', zoom: { enabled: true, type: 'x' }, animations: { enabled: false }, toolbar: { show: true } },
          stroke: { width: [1.2, 1.8] },
          colors: ['#1c7ed6', '#e8590c'],
          xaxis: { type: 'datetime' },
          yaxis: { title: { text: 'Flow (m³/s)' }, labels: { formatter: (v: number) => n3(v) } },
          tooltip: { x: { format: 'yyyy-MM-dd' } },
          legend: { position: 'top' },
        }}
      />
    </Suspense>
  );
}

function SubbasinHydrograph({ requestID, number }: { requestID: string; number: number }) {
  const q = useApiQuery<Hydrograph>(`scenarios/output/baseflowresult/${requestID}/${number}`, { staleTime: Infinity });
  if (q.isLoading)
    return (
      <Center p="lg">
        <Loader />
      </Center>
    );
  if (q.error || !q.data) return <ErrorList error={q.error} />;
  const s = q.data.subbasin;
  return (
    <Stack data-testid="hydrograph">
      <Group justify="space-between">
        <Title order={5}>
          Subbasin {s?.name ?? number}: baseflow index {s ? s.bfi.toFixed(3) : '—'}
        </Title>
        <Anchor href={fileHref(`/api/exports/customoutput/${requestID}/baseflow_${number}.csv`)} download data-testid="download-daily">
          Daily flow and baseflow (CSV)
        </Anchor>
      </Group>
      <HydrographChart h={q.data} />
    </Stack>
  );
}

function Results({ projectID, scenarioID, requestID }: { projectID: string; scenarioID: string; requestID: string }) {
  return (
    <CustomOutputResult<Summary> api={`scenarios/output/baseflowresult/${requestID}`} requests={ROUTES.BaseflowOutput} params={{ id: projectID, scenarioID }}>
      {({ request, summary, selected, select, back }) => (
        <Stack>
          <Group justify="space-between">
            {back}
            <Group gap="md">
              <Anchor href={fileHref(`/api/exports/customoutput/${requestID}/bfi_summary.csv`)} download data-testid="download-bfi">
                Baseflow index (CSV)
              </Anchor>
              {request.downloadLink && (
                <Anchor href={fileHref(request.downloadLink)} download data-testid="download-all">
                  All files (zip)
                </Anchor>
              )}
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            Eckhardt filter, filter parameter {summary.filterParameter}, BFI max {summary.bfiMax}; {summary.days.toLocaleString('en-US')} days from {summary.firstDate}.
          </Text>
          <Table.ScrollContainer minWidth={500}>
            <Table withTableBorder striped highlightOnHover maw={720} data-testid="bfi-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Subbasin</Table.Th>
                  <Table.Th ta="right">Baseflow index</Table.Th>
                  <Table.Th ta="right">Mean flow (m³/s)</Table.Th>
                  <Table.Th ta="right">Mean baseflow (m³/s)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.rows.map((r) => (
                  <Table.Tr key={r.number} onClick={() => select(String(r.number))} style={{ cursor: 'pointer' }} bg={r.number === selected ? 'var(--mantine-color-blue-light)' : undefined} data-testid={`bfi-${r.number}`}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td ta="right">{r.bfi.toFixed(4)}</Table.Td>
                    <Table.Td ta="right">{n3(r.meanFlow)}</Table.Td>
                    <Table.Td ta="right">{n3(r.meanBaseflow)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Select label="Subbasin" data={summary.rows.map((r) => ({ value: String(r.number), label: r.name }))} value={String(selected)} onChange={select} searchable w={240} data-testid="result-subbasin" />
          {selected > 0 && <SubbasinHydrograph key={selected} requestID={requestID} number={selected} />}
        </Stack>
      )}
    </CustomOutputResult>
  );
}

export function BaseflowResultPage(props: PageProps) {
  return (
    <OutputPage {...props} title="Baseflow Separation Results" requires={BASEFLOW_REQUIRES}>
      {() => <Results projectID={props.params.id ?? ''} scenarioID={props.params.scenarioID ?? ''} requestID={props.params.requestID ?? ''} />}
    </OutputPage>
  );
}
