// The results of a flood frequency request, per subbasin: the annual peak series, the fitted
// frequency curve with the peaks at their plotting positions on a probability axis, the quantile
// table (1.5 to 500 years) with confidence limits, skew and outlier diagnostics; CSV downloads.
import { Alert, Anchor, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { CustomOutputResult, ErrorList, fileHref, OutputPage, ROUTES, useApiQuery, type PageProps } from '@headwater/plugin-sdk';
import type { FfaSubbasinResult, FfaSummaryRow } from '../server/analysis.ts';
import { FFA_REQUIRES } from './FfaPage.tsx';
import { FrequencyPlot, PeakSeries } from './FrequencyPlot.tsx';

type Summary = { method: string; rows: FfaSummaryRow[] };
const SPEC_PERIODS = [2, 10, 25, 50, 100, 200];

const flow = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toLocaleString('en-US', { maximumSignificantDigits: 5 }));
const num = (v: number | null | undefined, d = 4) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(d));

function Diagnostics({ r }: { r: FfaSubbasinResult }) {
  if (!r.stats || !r.outliers) return null;
  const s = r.stats;
  const o = r.outliers;
  const rows: [string, string][] = [
    ['Years of record', String(r.years) + (r.firstYear ? ` (${r.firstYear}–${r.lastYear})` : '')],
    ['Mean of log10 peaks', num(s.mean)],
    ['Standard deviation of log10 peaks', num(s.std)],
    ['Station skew', num(s.stationSkew, 3)],
    ['Mean square error of the station skew', num(s.stationSkewMse)],
    ['Generalized skew', num(s.generalizedSkew, 3)],
    ['Weighted skew', num(s.weightedSkew, 3)],
    [`Skew used (${s.skewOption})`, num(s.skew, 3)],
    ['Low outlier threshold (m³/s)', o.lowThreshold > 0 ? flow(o.lowThreshold) : 'none'],
    ['Low outliers', o.low.length ? o.low.map((p) => `${p.year} (${flow(p.flow)})`).join(', ') : 'none'],
    ...(o.highThreshold !== null ? ([['High outlier threshold (m³/s)', flow(o.highThreshold)]] as [string, string][]) : []),
    ...(o.highThreshold !== null ? ([['High outliers (kept in the record)', o.high.length ? o.high.map((p) => `${p.year} (${flow(p.flow)})`).join(', ') : 'none']] as [string, string][]) : []),
    ['Zero flows', o.zeroFlows.length ? o.zeroFlows.map((p) => String(p.year)).join(', ') : 'none'],
  ];
  return (
    <Stack gap="xs">
      <Title order={5}>Skew and outlier diagnostics</Title>
      <Table withTableBorder striped maw={640} data-testid="diagnostics">
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Td>{k}</Table.Td>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {o.conditionalAdjustment && <Alert color="blue">Zero flows or low outliers were set aside: the curve is the conditional probability adjustment of Bulletin 17B (Appendix 5).</Alert>}
      {o.mgbt && (
        <>
          <Text size="sm">Multiple Grubbs–Beck test (Bulletin 17C) of the smallest peaks: a peak is a low outlier when its ω is below the critical ω (α = 0.005), or in the inward sweep from the smallest (α = 0.10).</Text>
          <Table withTableBorder maw={560} data-testid="mgbt">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Peak (m³/s)</Table.Th>
                <Table.Th>ω</Table.Th>
                <Table.Th>Critical ω (α 0.005)</Table.Th>
                <Table.Th>Low outlier</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.mgbt.map((m, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{flow(m.flow)}</Table.Td>
                  <Table.Td>{num(m.omega, 3)}</Table.Td>
                  <Table.Td>{num(m.critical, 3)}</Table.Td>
                  <Table.Td>{m.flow < o.lowThreshold ? 'yes' : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

function QuantileTable({ r }: { r: FfaSubbasinResult }) {
  const ema = r.method.includes('EMA');
  return (
    <Table withTableBorder striped maw={720} data-testid="quantiles">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Return period (years)</Table.Th>
          <Table.Th>Exceedance probability</Table.Th>
          <Table.Th ta="right">Flow (m³/s)</Table.Th>
          <Table.Th ta="right">{ema ? '95% confidence interval, lower' : 'Lower 95% confidence limit'}</Table.Th>
          <Table.Th ta="right">{ema ? 'upper' : 'Upper 95% confidence limit'}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {r.quantiles.map((q) => (
          <Table.Tr key={q.returnPeriod} fw={SPEC_PERIODS.includes(q.returnPeriod) ? 600 : undefined}>
            <Table.Td>{q.returnPeriod}</Table.Td>
            <Table.Td>{q.aep.toFixed(4)}</Table.Td>
            <Table.Td ta="right">{flow(q.flow)}</Table.Td>
            <Table.Td ta="right">{flow(q.lower)}</Table.Td>
            <Table.Td ta="right">{flow(q.upper)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function SubbasinResult({ requestID, number }: { requestID: string; number: number }) {
  const q = useApiQuery<FfaSubbasinResult>(`scenarios/output/ffaresult/${requestID}/${number}`, { staleTime: Infinity });
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <ErrorList error={q.error} />;
  const r = q.data;
  return (
    <Stack data-testid="subbasin-result">
      <Group justify="space-between">
        <Title order={4}>
          Subbasin {r.name} — {r.method}
        </Title>
        <Group gap="md">
          <Anchor href={fileHref(`/api/exports/customoutput/${requestID}/quantiles_${r.number}.csv`)} download data-testid="download-quantiles">
            Quantiles (CSV)
          </Anchor>
          <Anchor href={fileHref(`/api/exports/customoutput/${requestID}/peaks_${r.number}.csv`)} download data-testid="download-peaks">
            Annual peaks (CSV)
          </Anchor>
        </Group>
      </Group>
      {r.error && <Alert color="yellow">No frequency curve could be fitted: {r.error}</Alert>}
      <Title order={5}>Annual peak daily flows</Title>
      <PeakSeries r={r} />
      {!r.error && (
        <>
          <Title order={5}>Frequency curve</Title>
          <FrequencyPlot r={r} />
          <QuantileTable r={r} />
          <Diagnostics r={r} />
        </>
      )}
    </Stack>
  );
}

function Results({ projectID, scenarioID, requestID }: { projectID: string; scenarioID: string; requestID: string }) {
  return (
    <CustomOutputResult<Summary> api={`scenarios/output/ffaresult/${requestID}`} requests={ROUTES.FfaOutput} params={{ id: projectID, scenarioID }}>
      {({ request, summary, selected, select, back }) => (
        <Stack>
          <Group justify="space-between">
            {back}
            {request.downloadLink && (
              <Anchor href={fileHref(request.downloadLink)} download data-testid="download-all">
                All files (zip)
              </Anchor>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {summary.method}; annual maximum daily flow of each subbasin's reach; subbasins {request.applyToAll ? 'all' : request.subbasins.join(', ')}.
          </Text>
          <Table.ScrollContainer minWidth={600}>
            <Table withTableBorder striped highlightOnHover data-testid="summary">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Subbasin</Table.Th>
                  <Table.Th ta="right">Years</Table.Th>
                  <Table.Th ta="right">Skew</Table.Th>
                  {SPEC_PERIODS.map((t) => (
                    <Table.Th key={t} ta="right">
                      Q{t} (m³/s)
                    </Table.Th>
                  ))}
                  <Table.Th>Outliers</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.rows.map((row) => (
                  <Table.Tr key={row.number} onClick={() => select(String(row.number))} style={{ cursor: 'pointer' }} bg={row.number === selected ? 'var(--mantine-color-blue-light)' : undefined} data-testid={`summary-${row.number}`}>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td ta="right">{row.years}</Table.Td>
                    <Table.Td ta="right">{num(row.skew, 3)}</Table.Td>
                    {SPEC_PERIODS.map((t) => (
                      <Table.Td key={t} ta="right">
                        {flow(row.quantiles.find((x) => x.returnPeriod === t)?.flow)}
                      </Table.Td>
                    ))}
                    <Table.Td>{row.error ? row.error : `${row.lowOutliers} low, ${row.highOutliers} high`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Select
            label="Subbasin"
            data={summary.rows.map((r) => ({ value: String(r.number), label: r.name }))}
            value={String(selected)}
            onChange={select}
            searchable
            w={240}
            data-testid="result-subbasin"
          />
          {selected > 0 && <SubbasinResult key={selected} requestID={requestID} number={selected} />}
        </Stack>
      )}
    </CustomOutputResult>
  );
}

export function FfaResultPage(props: PageProps) {
  return (
    <OutputPage {...props} title="Flood Frequency Results" requires={FFA_REQUIRES}>
      {() => <Results projectID={props.params.id ?? ''} scenarioID={props.params.scenarioID ?? ''} requestID={props.params.requestID ?? ''} />}
    </OutputPage>
  );
}
