// The statistics time chart of the dashboard (ApexCharts, loaded lazily with this module so the
// dashboard's figures do not wait for the chart library).
import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';
import type { TimeChart } from './types.ts';

export default function StatsChart({ chart }: { chart: TimeChart }) {
  const options: ApexOptions = {
    chart: { id: 'admin-statistics', toolbar: { show: true }, zoom: { enabled: false } },
    title: { text: chart.title, style: { fontSize: '14px' } },
    xaxis: { categories: chart.categories, title: { text: 'Month' } },
    yaxis: { title: { text: 'Count' }, min: 0, forceNiceScale: true, labels: { formatter: (v: number) => String(Math.round(v)) } },
    stroke: { curve: 'straight', width: 2 },
    markers: { size: 3 },
    legend: { position: 'top' },
    dataLabels: { enabled: false },
  };
  return (
    <div data-testid="admin-statistics-chart">
      <Chart type="line" height={320} options={options} series={chart.series} />
    </div>
  );
}
