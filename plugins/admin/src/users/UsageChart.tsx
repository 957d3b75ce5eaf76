// The Usage statistics tab's chart (the profile's statistics object: title, categories, series),
// drawn with ApexCharts; loaded lazily so the admin pages without it do not fetch ApexCharts.
import { Stack, Title } from '@mantine/core';
import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';
import type { StatisticsChart } from './types.ts';

export default function UsageChart({ chart }: { chart: StatisticsChart }) {
  const options: ApexOptions = {
    chart: { id: 'user-usage', toolbar: { show: true } },
    xaxis: { categories: chart.categories, title: { text: 'Month' } },
    yaxis: { title: { text: 'Count' }, forceNiceScale: true, labels: { formatter: (v: number) => String(Math.round(v)) } },
    dataLabels: { enabled: false },
    legend: { position: 'top' },
  };
  return (
    <Stack gap="xs" data-testid="usage-chart">
      <Title order={4}>{chart.title}</Title>
      <Chart type="bar" series={chart.series} options={options} height={360} />
    </Stack>
  );
}
