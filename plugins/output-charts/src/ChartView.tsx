// The drawn chart (loaded lazily with ApexCharts): zoom and pan on long series (the toolbar),
// the linear / logarithmic y-axis switch, the fit of each scenario to the observed series, and
// the downloads: the chart's data as CSV, the chart as PNG or SVG.
import { Alert, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type ApexCharts from 'apexcharts';
import { useMemo, useRef, useState } from 'react';
import Chart from 'react-apexcharts';
import { apexSetup, chartCsv, fileName, formatNumber } from './logic.ts';
import type { ChartResponse } from './types.ts';

function download(href: string, name: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function downloadText(text: string, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  download(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type ChartViewProps = { chart: ChartResponse; statistic: string };

export default function ChartView({ chart, statistic }: ChartViewProps) {
  const [scale, setScale] = useState<'linear' | 'logarithmic'>(chart.yAxis.some((y) => y.logarithmic) ? 'logarithmic' : 'linear');
  const log = scale === 'logarithmic';
  const setup = useMemo(() => apexSetup(chart, log), [chart, log]);
  const ref = useRef<ApexCharts | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const exportImage = async (kind: 'png' | 'svg') => {
    setExportError(null);
    try {
      const c = ref.current;
      if (!c) throw new Error('The chart is not drawn yet.');
      if (kind === 'png') {
        const out = await c.dataURI({ scale: 2 });
        if ('imgURI' in out) download(out.imgURI, fileName(chart.title, 'png'));
        else {
          const url = URL.createObjectURL(out.blob);
          download(url, fileName(chart.title, 'png'));
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
        }
      } else downloadText(await c.getSvgString(), 'image/svg+xml', fileName(chart.title, 'svg'));
    } catch (e) {
      setExportError(e instanceof Error ? e.message : String(e));
    }
  };
  const canLog = chart.series.length > 0;
  return (
    <Stack gap="xs" data-testid="chart-view">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text size="sm">Y-axis</Text>
          <SegmentedControl
            size="xs"
            value={scale}
            onChange={(v) => setScale(v as 'linear' | 'logarithmic')}
            data={[
              { value: 'linear', label: 'Linear' },
              { value: 'logarithmic', label: 'Logarithmic', disabled: !canLog },
            ]}
            data-testid="y-scale"
          />
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => downloadText(chartCsv(chart, statistic), 'text/csv', fileName(chart.title, 'csv'))} data-testid="download-csv">
            Download CSV
          </Button>
          <Button size="xs" variant="default" onClick={() => void exportImage('png')} data-testid="download-png">
            Download PNG
          </Button>
          <Button size="xs" variant="default" onClick={() => void exportImage('svg')} data-testid="download-svg">
            Download SVG
          </Button>
        </Group>
      </Group>
      {exportError && <Alert color="red">{exportError}</Alert>}
      {log && <Text size="xs" c="dimmed">A logarithmic axis leaves out zero and negative values.</Text>}
      <div data-testid="output-chart" data-series={chart.series.length} data-scale={scale}>
        <Chart key={`${scale}:${setup.type}`} type={setup.type as 'line'} series={setup.series as never} options={setup.options as never} height={460} chartRef={ref} />
      </div>
      {chart.statistics.length > 0 && (
        <Table withTableBorder striped data-testid="fit-statistics" captionSide="top">
          <Table.Caption>Fit to {chart.statistics[0]!.observed}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Scenario</Table.Th>
              <Table.Th>Parameter</Table.Th>
              <Table.Th>NSE</Table.Th>
              <Table.Th>KGE</Table.Th>
              <Table.Th>PBIAS (%)</Table.Th>
              <Table.Th>Common period</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {chart.statistics.map((f) => (
              <Table.Tr key={`${f.scenarioID}:${f.parameter}`}>
                <Table.Td>{f.scenario}</Table.Td>
                <Table.Td>{f.parameter}</Table.Td>
                <Table.Td data-testid="fit-nse">{formatNumber(f.nse)}</Table.Td>
                <Table.Td data-testid="fit-kge">{formatNumber(f.kge)}</Table.Td>
                <Table.Td data-testid="fit-pbias">{formatNumber(f.pbias)}</Table.Td>
                <Table.Td>
                  {f.start} to {f.end} ({f.n.toLocaleString('en-US')} values)
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {chart.statistics.length > 0 && (
        <Text size="xs" c="dimmed">
          NSE: Nash–Sutcliffe efficiency; KGE: Kling–Gupta efficiency; PBIAS: percent bias, positive when the model underestimates.
        </Text>
      )}
    </Stack>
  );
}
