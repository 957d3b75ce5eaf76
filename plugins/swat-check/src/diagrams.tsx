// SWAT Check's pictures, drawn in SVG: the water balance of the Hydrology tab (a cross-section
// of the landscape with its average annual fluxes) and the nitrogen and phosphorus cycles
// (soil pools with their initial and final contents and the fluxes between them).
import type { HydrologySection, NitrogenCycleSection, PhosphorusCycleSection } from '@headwater/swat/post/check/types.ts';
import { fmt } from './format.tsx';

type ArrowProps = { x1: number; y1: number; x2: number; y2: number; label: string; value: number | null; unit: string; lx: number; ly: number; anchor?: 'start' | 'middle' | 'end'; color?: string; testId: string };

function Arrow({ x1, y1, x2, y2, label, value, unit, lx, ly, anchor = 'middle', color = '#1c7ed6', testId }: ArrowProps) {
  return (
    <g data-testid={testId}>
      <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={color} strokeWidth={4} markerEnd={`url(#head-${color.slice(1)})`} />
      <text x={lx} y={ly} textAnchor={anchor} fontSize={13} fontWeight={600} fill="#212529">
        {label}
      </text>
      <text x={lx} y={ly + 16} textAnchor={anchor} fontSize={13} fill="#212529" data-testid={`${testId}-value`}>
        {value === null ? '—' : `${fmt(value, 1)} ${unit}`}
      </text>
    </g>
  );
}

function Heads({ colors }: { colors: string[] }) {
  return (
    <defs>
      {colors.map((c) => (
        <marker key={c} id={`head-${c.slice(1)}`} markerWidth={8} markerHeight={8} refX={6} refY={4} orient="auto" markerUnits="strokeWidth">
          <path d="M0,0 L8,4 L0,8 z" fill={c} />
        </marker>
      ))}
    </defs>
  );
}

const BLUE = '#1c7ed6';
const GREEN = '#2f9e44';
const RED = '#e03131';
const BROWN = '#a0522d';

/** The average annual water balance (mm) as SWAT Check draws it. */
export function WaterBalanceDiagram({ h }: { h: HydrologySection }) {
  return (
    <svg viewBox="0 0 760 420" width="100%" style={{ maxWidth: 760 }} role="img" aria-label="Water balance" data-testid="water-balance">
      <Heads colors={[BLUE, GREEN, BROWN]} />
      {/* sky, soil, shallow and deep aquifers, the stream */}
      <rect x={0} y={0} width={760} height={130} fill="#e7f5ff" />
      <rect x={0} y={130} width={620} height={110} fill="#d9b38c" />
      <rect x={0} y={240} width={760} height={80} fill="#f1dfb6" />
      <rect x={0} y={320} width={760} height={100} fill="#ced4da" />
      <path d="M620,130 L640,200 L700,200 L720,130 L760,130 L760,240 L620,240 z" fill="#d9b38c" />
      <path d="M640,200 L700,200 L715,150 L625,150 z" fill="#74c0fc" />
      <text x={10} y={150} fontSize={12} fill="#5c3d1e">
        Soil profile
      </text>
      <text x={10} y={260} fontSize={12} fill="#7c6a3c">
        Shallow aquifer
      </text>
      <text x={10} y={340} fontSize={12} fill="#495057">
        Deep aquifer
      </text>
      <text x={670} y={222} fontSize={12} textAnchor="middle" fill="#1864ab">
        Stream
      </text>
      <Arrow x1={110} y1={20} x2={110} y2={122} label="Precipitation" value={h.precipitation} unit="mm" lx={120} ly={40} anchor="start" testId="wb-precipitation" />
      <Arrow x1={250} y1={122} x2={250} y2={22} label="Evapotranspiration" value={h.et} unit="mm" lx={260} ly={40} anchor="start" color={GREEN} testId="wb-et" />
      <text x={260} y={90} fontSize={12} fill="#495057" data-testid="wb-pet">
        PET {h.pet === null ? '—' : `${fmt(h.pet, 1)} mm`}
      </text>
      <Arrow x1={400} y1={122} x2={612} y2={122} label="Surface runoff" value={h.surfaceRunoff} unit="mm" lx={505} ly={96} testId="wb-surface-runoff" />
      <Arrow x1={400} y1={185} x2={625} y2={185} label="Lateral flow" value={h.lateralFlow} unit="mm" lx={505} ly={160} testId="wb-lateral-flow" />
      <Arrow x1={150} y1={190} x2={150} y2={262} label="Percolation" value={h.percolation} unit="mm" lx={160} ly={205} anchor="start" color={BROWN} testId="wb-percolation" />
      <Arrow x1={300} y1={290} x2={300} y2={212} label="Revap" value={h.revap} unit="mm" lx={310} ly={225} anchor="start" color={GREEN} testId="wb-revap" />
      <Arrow x1={400} y1={282} x2={660} y2={212} label="Return flow" value={h.returnFlow} unit="mm" lx={520} ly={300} testId="wb-return-flow" />
      <Arrow x1={150} y1={300} x2={150} y2={372} label="Deep recharge" value={h.recharge} unit="mm" lx={160} ly={360} anchor="start" color={BROWN} testId="wb-recharge" />
      <text x={750} y={405} fontSize={12} textAnchor="end" fill="#495057">
        Average annual values; curve number {h.averageCn === null ? '—' : fmt(h.averageCn, 1)}
      </text>
    </svg>
  );
}

function Pool({ x, y, w, title, initial, final, testId, fill = '#fff9db' }: { x: number; y: number; w: number; title: string; initial: number | null; final: number | null; testId: string; fill?: string }) {
  return (
    <g data-testid={testId}>
      <rect x={x} y={y} width={w} height={70} rx={10} fill={fill} stroke="#868e96" />
      <text x={x + w / 2} y={y + 22} textAnchor="middle" fontSize={14} fontWeight={700}>
        {title}
      </text>
      <text x={x + w / 2} y={y + 42} textAnchor="middle" fontSize={12}>
        initial {initial === null ? '—' : fmt(initial, 1)} kg/ha
      </text>
      <text x={x + w / 2} y={y + 59} textAnchor="middle" fontSize={12}>
        final {final === null ? '—' : fmt(final, 1)} kg/ha
      </text>
    </g>
  );
}

function Box({ x, y, w, title, lines, testId, fill = '#ebfbee' }: { x: number; y: number; w: number; title: string; lines: string[]; testId: string; fill?: string }) {
  return (
    <g data-testid={testId}>
      <rect x={x} y={y} width={w} height={24 + lines.length * 17} rx={10} fill={fill} stroke="#868e96" />
      <text x={x + w / 2} y={y + 19} textAnchor="middle" fontSize={14} fontWeight={700}>
        {title}
      </text>
      {lines.map((l, i) => (
        <text key={i} x={x + w / 2} y={y + 37 + i * 17} textAnchor="middle" fontSize={12}>
          {l}
        </text>
      ))}
    </g>
  );
}

const kg = (v: number | null) => (v === null ? '—' : `${fmt(v, 1)} kg/ha`);

/** The nitrogen cycle (average annual kg N/ha). */
export function NitrogenCycleDiagram({ n }: { n: NitrogenCycleSection }) {
  const inorganicFert = n.nh4InOrgNFertilizer !== null || n.no3InOrgNFertilizer !== null ? (n.nh4InOrgNFertilizer ?? 0) + (n.no3InOrgNFertilizer ?? 0) : null;
  return (
    <svg viewBox="0 0 760 430" width="100%" style={{ maxWidth: 760 }} role="img" aria-label="Nitrogen cycle" data-testid="nitrogen-cycle">
      <Heads colors={[BLUE, GREEN, RED, BROWN]} />
      <Box x={20} y={20} w={220} title="Fertilizer" lines={[`total ${kg(n.totalFertilizerN)}`, `NH4 ${kg(n.nh4InOrgNFertilizer)}`, `NO3 ${kg(n.no3InOrgNFertilizer)}`, `organic ${kg(n.orgNFertilizer)}`]} testId="n-fertilizer" fill="#fff4e6" />
      <Box x={300} y={20} w={180} title="Plant" lines={[`uptake ${kg(n.plantUptake)}`, `fixation ${kg(n.fixation)}`]} testId="n-plant" />
      <Box x={560} y={20} w={180} title="Rainfall" lines={[`NO3 ${kg(n.rainfallNO3)}`]} testId="n-rain" fill="#e7f5ff" />
      <Pool x={20} y={270} w={220} title="Organic N" initial={n.initialOrgN} final={n.finalOrgN} testId="n-organic" />
      <Pool x={420} y={270} w={220} title="Soil NO3" initial={n.initialNO3} final={n.finalNO3} testId="n-no3" />
      <Arrow x1={130} y1={110} x2={130} y2={262} label="Organic fertilizer" value={n.orgNFertilizer} unit="kg/ha" lx={140} ly={180} anchor="start" color={BROWN} testId="n-flux-orgfert" />
      <Arrow x1={240} y1={90} x2={470} y2={262} label="Mineral fertilizer" value={inorganicFert} unit="kg/ha" lx={250} ly={200} anchor="start" color={BROWN} testId="n-flux-minfert" />
      <Arrow x1={650} y1={70} x2={590} y2={262} label="Rain" value={n.rainfallNO3} unit="kg/ha" lx={660} ly={170} anchor="start" testId="n-flux-rain" />
      <Arrow x1={520} y1={262} x2={430} y2={82} label="Uptake" value={n.plantUptake} unit="kg/ha" lx={500} ly={140} anchor="start" color={GREEN} testId="n-flux-uptake" />
      <Arrow x1={240} y1={300} x2={412} y2={300} label="Mineralization" value={(n.mineralization ?? 0) + (n.residueMineralization ?? 0)} unit="kg/ha" lx={326} ly={260} testId="n-flux-mineralization" />
      <Arrow x1={640} y1={320} x2={740} y2={400} label="Denitrification" value={n.denitrification} unit="kg/ha" lx={740} ly={360} anchor="end" color={RED} testId="n-flux-denitrification" />
      <line x1={200} y1={110} x2={255} y2={205} stroke={RED} strokeWidth={4} markerEnd={`url(#head-${RED.slice(1)})`} />
      <text x={270} y={230} fontSize={12} fill="#212529" data-testid="n-flux-volatilization">
        Volatilization {kg(n.volatilization)}
      </text>
      <text x={420} y={365} fontSize={12} fill="#212529" data-testid="n-flux-nitrification">
        Nitrification {kg(n.nitrification)}
      </text>
      <text x={20} y={365} fontSize={12} fill="#212529" data-testid="n-flux-active-stable">
        Active to stable organic N {kg(n.activeToStableOrgN)}
      </text>
      <text x={20} y={383} fontSize={12} fill="#495057">
        of which residue mineralization {kg(n.residueMineralization)}
      </text>
    </svg>
  );
}

/** The phosphorus cycle (average annual kg P/ha). */
export function PhosphorusCycleDiagram({ p }: { p: PhosphorusCycleSection }) {
  return (
    <svg viewBox="0 0 760 430" width="100%" style={{ maxWidth: 760 }} role="img" aria-label="Phosphorus cycle" data-testid="phosphorus-cycle">
      <Heads colors={[BLUE, GREEN, RED, BROWN]} />
      <Box x={20} y={20} w={220} title="Fertilizer" lines={[`total ${kg(p.totalFertilizerP)}`, `mineral ${kg(p.inOrgPFertilizer)}`, `organic ${kg(p.orgPFertilizer)}`]} testId="p-fertilizer" fill="#fff4e6" />
      <Box x={420} y={20} w={220} title="Plant" lines={[`uptake ${kg(p.plantUptake)}`]} testId="p-plant" />
      <Pool x={20} y={270} w={220} title="Organic P" initial={p.initialOrgP} final={p.finalOrgP} testId="p-organic" />
      <Pool x={420} y={270} w={220} title="Mineral P" initial={p.initialMinP} final={p.finalMinP} testId="p-mineral" />
      <Arrow x1={130} y1={100} x2={130} y2={262} label="Organic fertilizer" value={p.orgPFertilizer} unit="kg/ha" lx={140} ly={180} anchor="start" color={BROWN} testId="p-flux-orgfert" />
      <Arrow x1={240} y1={80} x2={470} y2={262} label="Mineral fertilizer" value={p.inOrgPFertilizer} unit="kg/ha" lx={250} ly={200} anchor="start" color={BROWN} testId="p-flux-minfert" />
      <Arrow x1={560} y1={262} x2={560} y2={72} label="Uptake" value={p.plantUptake} unit="kg/ha" lx={570} ly={170} anchor="start" color={GREEN} testId="p-flux-uptake" />
      <Arrow x1={240} y1={300} x2={412} y2={300} label="Mineralization" value={(p.mineralization ?? 0) + (p.residueMineralization ?? 0)} unit="kg/ha" lx={326} ly={260} testId="p-flux-mineralization" />
      <text x={420} y={365} fontSize={12} fill="#212529" data-testid="p-flux-active-solution">
        Active ↔ solution {kg(p.activeSolution)}
      </text>
      <text x={420} y={383} fontSize={12} fill="#212529" data-testid="p-flux-stable-active">
        Stable ↔ active {kg(p.stableActive)}
      </text>
      <text x={20} y={365} fontSize={12} fill="#495057">
        of which residue mineralization {kg(p.residueMineralization)}
      </text>
    </svg>
  );
}
