// The frequency plot (SVG): the fitted log-Pearson III curve with its confidence limits on a
// normal probability axis and a log flow axis, the annual peaks at their Weibull plotting
// positions (low and high outliers marked); and the annual peak series as bars.
import type { FfaSubbasinResult } from '../server/analysis.ts';
import { axisZ, logTicks } from './probability.ts';

const W = 760;
const H = 430;
const M = { l: 72, r: 20, t: 20, b: 70 };
const AEP_TICKS = [0.99, 0.9, 0.5, 0.2, 0.1, 0.04, 0.02, 0.01, 0.005, 0.002];
const fmtFlow = (v: number) => (v >= 1000 ? v.toLocaleString('en-US', { maximumFractionDigits: 0 }) : v >= 1 ? String(+v.toPrecision(3)) : String(+v.toPrecision(2)));

export function FrequencyPlot({ r }: { r: FfaSubbasinResult }) {
  const peaks = r.peaks.filter((p) => p.flow > 0);
  const curve = r.curve.filter((c) => c.flow > 0);
  const values = [...peaks.map((p) => p.flow), ...curve.flatMap((c) => [c.flow, c.lower ?? c.flow, c.upper ?? c.flow])].filter((v) => v > 0);
  if (!values.length) return null;
  const lo = Math.log10(Math.min(...values)) - 0.05;
  const hi = Math.log10(Math.max(...values)) + 0.05;
  const z0 = axisZ(0.995);
  const z1 = axisZ(0.002);
  const x = (aep: number) => M.l + ((axisZ(aep) - z0) / (z1 - z0)) * (W - M.l - M.r);
  const y = (q: number) => H - M.b - ((Math.log10(q) - lo) / (hi - lo)) * (H - M.t - M.b);
  const path = (pts: { aep: number; v: number | null }[]) =>
    pts
      .filter((p) => p.v !== null && p.v > 0)
      .map((p, i) => `${i ? 'L' : 'M'}${x(p.aep).toFixed(1)},${y(p.v!).toFixed(1)}`)
      .join(' ');
  const yTicks = logTicks(10 ** lo, 10 ** hi);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: W }} role="img" aria-label="Frequency curve" data-testid="frequency-plot">
      <rect x={M.l} y={M.t} width={W - M.l - M.r} height={H - M.t - M.b} fill="#fff" stroke="#adb5bd" />
      {AEP_TICKS.map((p) => (
        <g key={p}>
          <line x1={x(p)} x2={x(p)} y1={M.t} y2={H - M.b} stroke="#e9ecef" />
          <text x={x(p)} y={H - M.b + 16} fontSize={11} textAnchor="middle">
            {`${+(p * 100).toPrecision(3)}%`}
          </text>
          <text x={x(p)} y={H - M.b + 30} fontSize={11} textAnchor="middle" fill="#495057">
            {+(1 / p).toPrecision(3)}
          </text>
        </g>
      ))}
      {yTicks.map((v) => (
        <g key={v}>
          <line x1={M.l} x2={W - M.r} y1={y(v)} y2={y(v)} stroke="#e9ecef" />
          <text x={M.l - 6} y={y(v) + 4} fontSize={11} textAnchor="end">
            {fmtFlow(v)}
          </text>
        </g>
      ))}
      <text x={(M.l + W - M.r) / 2} y={H - 12} fontSize={12} textAnchor="middle">
        Annual exceedance probability (top) · return period in years (below)
      </text>
      <text x={16} y={(M.t + H - M.b) / 2} fontSize={12} textAnchor="middle" transform={`rotate(-90 16 ${(M.t + H - M.b) / 2})`}>
        Annual peak daily flow (m³/s)
      </text>
      <path d={path(curve.map((c) => ({ aep: c.aep, v: c.lower })))} fill="none" stroke="#74c0fc" strokeDasharray="6 4" strokeWidth={1.5} data-testid="curve-lower" />
      <path d={path(curve.map((c) => ({ aep: c.aep, v: c.upper })))} fill="none" stroke="#74c0fc" strokeDasharray="6 4" strokeWidth={1.5} data-testid="curve-upper" />
      <path d={path(curve.map((c) => ({ aep: c.aep, v: c.flow })))} fill="none" stroke="#1c7ed6" strokeWidth={2.5} data-testid="curve" />
      {peaks.map((p) => (
        <circle
          key={p.year}
          cx={x(p.aep)}
          cy={y(p.flow)}
          r={4.5}
          fill={p.outlier === 'low' ? 'none' : p.outlier === 'high' ? '#f08c00' : '#212529'}
          stroke={p.outlier === 'low' ? '#e03131' : '#212529'}
          strokeWidth={1.5}
          data-testid="peak"
          data-outlier={p.outlier ?? undefined}
        >
          <title>{`${p.year} (${p.date}): ${fmtFlow(p.flow)} m³/s, plotting position ${(p.aep * 100).toFixed(1)}%`}</title>
        </circle>
      ))}
      <g transform={`translate(${M.l + 10}, ${M.t + 12})`} fontSize={11}>
        <line x1={0} x2={24} y1={0} y2={0} stroke="#1c7ed6" strokeWidth={2.5} />
        <text x={30} y={4}>
          Fitted curve
        </text>
        <line x1={0} x2={24} y1={16} y2={16} stroke="#74c0fc" strokeDasharray="6 4" />
        <text x={30} y={20}>
          Confidence limits
        </text>
        <circle cx={12} cy={32} r={4} fill="#212529" />
        <text x={30} y={36}>
          Annual peaks (Weibull)
        </text>
        <circle cx={12} cy={48} r={4} fill="none" stroke="#e03131" strokeWidth={1.5} />
        <text x={30} y={52}>
          Low outlier
        </text>
      </g>
    </svg>
  );
}

export function PeakSeries({ r }: { r: FfaSubbasinResult }) {
  const w = 760;
  const h = 220;
  const m = { l: 72, r: 10, t: 10, b: 30 };
  const max = Math.max(...r.peaks.map((p) => p.flow), 0);
  if (!r.peaks.length || !(max > 0)) return null;
  const bw = (w - m.l - m.r) / r.peaks.length;
  const y = (v: number) => h - m.b - (v / max) * (h - m.t - m.b);
  const step = Math.max(1, Math.ceil(r.peaks.length / 15));
  return (
    <svg viewBox={`0 0 ${w} ${h}`} width="100%" style={{ maxWidth: w }} role="img" aria-label="Annual peaks" data-testid="peak-series">
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line x1={m.l} x2={w - m.r} y1={y(max * f)} y2={y(max * f)} stroke="#e9ecef" />
          <text x={m.l - 6} y={y(max * f) + 4} fontSize={11} textAnchor="end">
            {fmtFlow(max * f || 0)}
          </text>
        </g>
      ))}
      {r.peaks.map((p, i) => (
        <g key={p.year}>
          <rect x={m.l + i * bw + 1} y={y(p.flow)} width={Math.max(1, bw - 2)} height={h - m.b - y(p.flow)} fill={p.outlier === 'low' ? '#ffa8a8' : p.outlier === 'high' ? '#ffc078' : '#74c0fc'}>
            <title>{`${p.year}: ${fmtFlow(p.flow)} m³/s on ${p.date}`}</title>
          </rect>
          {i % step === 0 && (
            <text x={m.l + i * bw + bw / 2} y={h - m.b + 16} fontSize={11} textAnchor="middle">
              {p.year}
            </text>
          )}
        </g>
      ))}
      <text x={14} y={(m.t + h - m.b) / 2} fontSize={12} textAnchor="middle" transform={`rotate(-90 14 ${(m.t + h - m.b) / 2})`}>
        m³/s
      </text>
    </svg>
  );
}
