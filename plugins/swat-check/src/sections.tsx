// The 11 result tabs of SWAT Check (spec 2 §2), each with its section's warnings.
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LandUseAverages, SwatCheckResult } from '@headwater/swat/post/check/types.ts';
import { NitrogenCycleDiagram, PhosphorusCycleDiagram, WaterBalanceDiagram } from './diagrams.tsx';
import { fmt, pct, RecordTable, ValueTable, Warnings } from './format.tsx';

export type TabDef = { value: string; label: string; warnings: (r: SwatCheckResult) => number; render: (r: SwatCheckResult) => ReactNode };

const count = (...lists: (string[] | undefined)[]) => lists.reduce((a, l) => a + (l?.length ?? 0), 0);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function ByLandUse({ rows, definitions }: { rows: LandUseAverages[]; definitions: Record<string, string> }) {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r.values)))];
  return (
    <RecordTable
      rows={rows}
      empty="output.hru has no nutrient values by land use for this run."
      columns={[
        { header: 'Land use', cell: (r) => r.landUse },
        { header: 'Area (km²)', cell: (r) => fmt(r.area, 2), align: 'right' },
        ...keys.map((k) => ({ header: definitions[k] ? `${k}` : k, cell: (r: LandUseAverages) => fmt(r.values[k], 2), align: 'right' as const })),
      ]}
    />
  );
}

export const TABS: TabDef[] = [
  {
    value: 'details',
    label: 'Simulation Details',
    warnings: () => 0,
    render: (r) => {
      const s = r.setup;
      return (
        <Stack>
          <ValueTable
            testId="setup"
            rows={[
              ['SWAT version', s.swatVersion + (s.swatRev ? ` (rev. ${s.swatRev})` : '')],
              ['Simulation length', s.simulationLength ?? '—', 'years'],
              ['Warm-up', s.warmUp ?? '—', 'years'],
              ['Simulation period', `${s.simulationStart ?? '—'} to ${s.simulationEnd ?? '—'}`],
              ['HRUs', s.hrus ?? '—'],
              ['Subbasins', s.subbasins ?? '—'],
              ['Output time step', s.outputTimestep ?? '—'],
              ['Precipitation', s.precipMethod ?? '—'],
              [s.subbasin ? `Area of subbasin ${s.subbasin}` : 'Watershed area', fmt(s.watershedArea, 2), 'km²'],
            ]}
          />
          <Title order={5}>Warnings by section</Title>
          <ValueTable rows={TABS.slice(1).map((t) => [t.label, t.warnings(r)])} testId="warning-counts" />
        </Stack>
      );
    },
  },
  {
    value: 'hydrology',
    label: 'Hydrology',
    warnings: (r) => count(r.hydrology.warnings),
    render: ({ hydrology: h }) => (
      <Stack>
        <Warnings warnings={h.warnings} />
        <WaterBalanceDiagram h={h} />
        <ValueTable
          testId="hydrology-ratios"
          rows={[
            ['Streamflow / precipitation', fmt(h.streamflowPrecipitation, 2)],
            ['Baseflow / total flow', fmt(h.baseflowTotalFlow, 2)],
            ['Surface runoff / total flow', fmt(h.surfaceRunoffTotalFlow, 2)],
            ['Percolation / precipitation', fmt(h.percolationPrecipitation, 2)],
            ['Deep recharge / precipitation', fmt(h.deepRechargePrecipitation, 2)],
            ['ET / precipitation', fmt(h.etPrecipitation, 2)],
          ]}
        />
        {h.monthlyBasinValues.length > 0 && (
          <>
            <Title order={5}>Average monthly basin values</Title>
            <RecordTable
              rows={h.monthlyBasinValues}
              empty=""
              columns={[
                { header: 'Month', cell: (m) => MONTHS[m.month - 1] ?? m.month },
                { header: 'Rain (mm)', cell: (m) => fmt(m.rain, 1), align: 'right' },
                { header: 'Snow fall (mm)', cell: (m) => fmt(m.snowFall, 1), align: 'right' },
                { header: 'Surface Q (mm)', cell: (m) => fmt(m.surfaceRunoff, 1), align: 'right' },
                { header: 'Lateral Q (mm)', cell: (m) => fmt(m.lateralFlow, 1), align: 'right' },
                { header: 'Water yield (mm)', cell: (m) => fmt(m.waterYield, 1), align: 'right' },
                { header: 'ET (mm)', cell: (m) => fmt(m.et, 1), align: 'right' },
                { header: 'PET (mm)', cell: (m) => fmt(m.pet, 1), align: 'right' },
                { header: 'Sediment (t/ha)', cell: (m) => fmt(m.sedimentYield, 2), align: 'right' },
              ]}
            />
          </>
        )}
      </Stack>
    ),
  },
  {
    value: 'sediment',
    label: 'Sediment',
    warnings: (r) => count(r.sediment.warnings),
    render: ({ sediment: s }) => (
      <Stack>
        <Warnings warnings={s.warnings} />
        <ValueTable
          testId="sediment"
          rows={[
            ['Surface runoff', fmt(s.surfaceRunoff, 1), 'mm'],
            ['Maximum upland sediment yield (HRU)', fmt(s.maxUplandSedimentYield, 2), 't/ha'],
            ['Average upland sediment yield', fmt(s.avgUplandSedimentYield, 2), 't/ha'],
            ['Sediment from inlets and point sources', fmt(s.inletSediment, 1), 't/yr'],
            ['In-stream sediment change (positive: erosion)', fmt(s.inStreamSedimentChange, 2), 't/ha'],
          ]}
        />
      </Stack>
    ),
  },
  {
    value: 'nitrogen',
    label: 'Nitrogen Cycle',
    warnings: (r) => count(r.nitrogenCycle.warnings),
    render: ({ nitrogenCycle: n }) => (
      <Stack>
        <Warnings warnings={n.warnings} />
        <NitrogenCycleDiagram n={n} />
        <Title order={5}>Average annual values by land use</Title>
        <ByLandUse rows={n.avgAnnualByLandUse} definitions={n.avgAnnualDefinitions} />
      </Stack>
    ),
  },
  {
    value: 'phosphorus',
    label: 'Phosphorus Cycle',
    warnings: (r) => count(r.phosphorusCycle.warnings),
    render: ({ phosphorusCycle: p }) => (
      <Stack>
        <Warnings warnings={p.warnings} />
        <PhosphorusCycleDiagram p={p} />
        <Title order={5}>Average annual values by land use</Title>
        <ByLandUse rows={p.avgAnnualByLandUse} definitions={p.avgAnnualDefinitions} />
      </Stack>
    ),
  },
  {
    value: 'plants',
    label: 'Plant Growth',
    warnings: (r) => count(r.plantGrowth.warnings),
    render: ({ plantGrowth: g }) => (
      <Stack>
        <Warnings warnings={g.warnings} />
        <ValueTable
          testId="plant-growth"
          rows={[
            ['Temperature stress', fmt(g.tempStressDays, 1), 'days'],
            ['Water stress', fmt(g.waterStressDays, 1), 'days'],
            ['Nitrogen stress', fmt(g.nStressDays, 1), 'days'],
            ['Phosphorus stress', fmt(g.pStressDays, 1), 'days'],
            ['Aeration stress', fmt(g.aerationStressDays, 1), 'days'],
            ['Average biomass', fmt(g.avgBiomass, 2), 't/ha'],
            ['Average yield', fmt(g.avgYield, 2), 't/ha'],
            ['N removed in yield', fmt(g.nRemoved, 1), 'kg/ha'],
            ['P removed in yield', fmt(g.pRemoved, 1), 'kg/ha'],
            ['Total fertilizer N', fmt(g.totalFertilizerN, 1), 'kg/ha'],
            ['Total fertilizer P', fmt(g.totalFertilizerP, 1), 'kg/ha'],
            ['Plant uptake N', fmt(g.plantUptakeN, 1), 'kg/ha'],
            ['Plant uptake P', fmt(g.plantUptakeP, 1), 'kg/ha'],
          ]}
        />
      </Stack>
    ),
  },
  {
    value: 'losses',
    label: 'Landscape Nutrient Losses',
    warnings: (r) => count(r.landscapeNutrientLosses.warnings),
    render: ({ landscapeNutrientLosses: l }) => (
      <Stack>
        <Warnings warnings={l.warnings} />
        <ValueTable
          caption="Nitrogen losses"
          testId="n-losses"
          rows={[
            ['Total', fmt(l.nLosses.totalLoss, 2), 'kg/ha'],
            ['Organic N', fmt(l.nLosses.orgN, 2), 'kg/ha'],
            ['NO3 in surface runoff', fmt(l.nLosses.surfaceRunoff, 2), 'kg/ha'],
            ['NO3 leached', fmt(l.nLosses.leached, 2), 'kg/ha'],
            ['NO3 in lateral flow', fmt(l.nLosses.lateralFlow, 2), 'kg/ha'],
            ['NO3 in groundwater yield', fmt(l.nLosses.groundwaterYield, 2), 'kg/ha'],
            ['NO3 in tile flow', fmt(l.nLosses.tileFlow, 2), 'kg/ha'],
            ['Solubility ratio (soluble / total)', fmt(l.nLosses.solubilityRatio, 2)],
          ]}
        />
        <ValueTable
          caption="Phosphorus losses"
          testId="p-losses"
          rows={[
            ['Total', fmt(l.pLosses.totalLoss, 2), 'kg/ha'],
            ['Organic P', fmt(l.pLosses.orgP, 2), 'kg/ha'],
            ['Soluble P in surface runoff', fmt(l.pLosses.surfaceRunoff, 2), 'kg/ha'],
            ['Solubility ratio (soluble / total)', fmt(l.pLosses.solubilityRatio, 2)],
          ]}
        />
      </Stack>
    ),
  },
  {
    value: 'landuse',
    label: 'Land Use Summary',
    warnings: (r) => count(r.landUseSummary.warnings, r.landUseSummary.hruLevelWarnings),
    render: ({ landUseSummary: u }) => (
      <Stack>
        <Warnings warnings={u.warnings} />
        <Warnings warnings={u.hruLevelWarnings} title="HRU-level warnings" />
        <RecordTable
          testId="land-use-rows"
          rows={u.landUseRows}
          empty="No land uses."
          columns={[
            { header: 'Land use', cell: (r) => r.landUse },
            { header: 'Area (km²)', cell: (r) => fmt(r.area, 2), align: 'right' },
            { header: 'HRUs', cell: (r) => r.hrus, align: 'right' },
            { header: 'CN', cell: (r) => fmt(r.CN, 1), align: 'right' },
            { header: 'AWC (mm)', cell: (r) => fmt(r.AWC, 1), align: 'right' },
            { header: 'USLE LS', cell: (r) => fmt(r.USLE_LS, 2), align: 'right' },
            { header: 'Irrigation (mm)', cell: (r) => fmt(r.IRR, 1), align: 'right' },
            { header: 'Precip. (mm)', cell: (r) => fmt(r.PREC, 1), align: 'right' },
            { header: 'Surface Q (mm)', cell: (r) => fmt(r.SURQ, 1), align: 'right' },
            { header: 'GW Q (mm)', cell: (r) => fmt(r.GWQ, 1), align: 'right' },
            { header: 'ET (mm)', cell: (r) => fmt(r.ET, 1), align: 'right' },
            { header: 'Sediment (t/ha)', cell: (r) => fmt(r.SED, 2), align: 'right' },
            { header: 'NO3 (kg/ha)', cell: (r) => fmt(r.NO3, 2), align: 'right' },
            { header: 'Org N (kg/ha)', cell: (r) => fmt(r.ORGN, 2), align: 'right' },
            { header: 'Biomass (t/ha)', cell: (r) => fmt(r.BIOM, 2), align: 'right' },
            { header: 'Yield (t/ha)', cell: (r) => fmt(r.YLD, 2), align: 'right' },
          ]}
        />
      </Stack>
    ),
  },
  {
    value: 'instream',
    label: 'Instream Processes',
    warnings: (r) => count(r.instreamProcesses.warnings),
    render: ({ instreamProcesses: i }) => (
      <Stack>
        <Warnings warnings={i.warnings} />
        <ValueTable
          testId="instream-budgets"
          rows={[
            ['Upland sediment yield', fmt(i.budgets.uplandSedimentYield, 2), 't/ha'],
            ['In-stream sediment change (positive: erosion)', fmt(i.budgets.instreamSedimentChange, 2), 't/ha'],
            ['Channel erosion (of sediment leaving)', fmt(i.budgets.channelErosion, 1), '%'],
            ['Channel deposition (of upland sediment)', fmt(i.budgets.channelDeposition, 1), '%'],
            ['Total N change in streams', fmt(i.budgets.totalN, 1), '%'],
            ['Total P change in streams', fmt(i.budgets.totalP, 1), '%'],
            ['Total streamflow losses (of water yield)', fmt(i.budgets.totalStreamflowLosses, 1), '%'],
            ['Evaporation loss', fmt(i.budgets.evaporationLoss, 1), '%'],
            ['Seepage loss', fmt(i.budgets.seepageLoss, 1), '%'],
          ]}
        />
        <Title order={5}>Reaches: out / in</Title>
        <RecordTable
          testId="reaches"
          rows={i.reaches}
          empty="No reaches."
          columns={[
            { header: 'Reach', cell: (r) => r.id },
            { header: 'Sediment (%)', cell: (r) => fmt(r.sediment, 1), align: 'right' },
            { header: 'Phosphorus (%)', cell: (r) => fmt(r.phosphorus, 1), align: 'right' },
            { header: 'Nitrogen (%)', cell: (r) => fmt(r.nitrogen, 1), align: 'right' },
          ]}
        />
      </Stack>
    ),
  },
  {
    value: 'pointsources',
    label: 'Point Sources',
    warnings: (r) => count(r.pointSources.warnings),
    render: ({ pointSources: p }) => (
      <Stack>
        <Warnings warnings={p.warnings} />
        <RecordTable
          testId="point-sources"
          rows={[
            { what: 'From subbasins', l: p.subbasinLoad },
            { what: 'From inlets and point sources', l: p.pointSourceInletLoad },
          ]}
          empty=""
          columns={[
            { header: '', cell: (r) => r.what },
            { header: 'Flow (m³/s)', cell: (r) => fmt(r.l.flow, 3), align: 'right' },
            { header: 'Sediment (t/yr)', cell: (r) => fmt(r.l.sediment, 1), align: 'right' },
            { header: 'Nitrogen (kg/yr)', cell: (r) => fmt(r.l.nitrogen, 1), align: 'right' },
            { header: 'Phosphorus (kg/yr)', cell: (r) => fmt(r.l.phosphorus, 1), align: 'right' },
          ]}
        />
        <ValueTable
          caption="Share of inlets and point sources"
          rows={[
            ['Flow', fmt(p.fromInletAndPointSource.flow, 1), '%'],
            ['Sediment', fmt(p.fromInletAndPointSource.sediment, 1), '%'],
            ['Nitrogen', fmt(p.fromInletAndPointSource.nitrogen, 1), '%'],
            ['Phosphorus', fmt(p.fromInletAndPointSource.phosphorus, 1), '%'],
          ]}
        />
        <Text size="sm" c="dimmed">
          Source: {p.source ?? 'none'}
        </Text>
      </Stack>
    ),
  },
  {
    value: 'reservoirs',
    label: 'Reservoirs',
    warnings: (r) => count(r.reservoirs.warnings),
    render: ({ reservoirs: r }) => (
      <Stack>
        <Warnings warnings={r.warnings} />
        <RecordTable
          testId="reservoir-rows"
          rows={r.reservoirRows}
          empty="This watershed has no reservoirs."
          columns={[
            { header: 'Reservoir', cell: (x) => x.id },
            { header: 'Sediment trapped (%)', cell: (x) => fmt(x.sediment, 1), align: 'right' },
            { header: 'N trapped (%)', cell: (x) => fmt(x.nitrogen, 1), align: 'right' },
            { header: 'P trapped (%)', cell: (x) => fmt(x.phosphorus, 1), align: 'right' },
            { header: 'Final / initial volume', cell: (x) => fmt(x.volumeRatio, 2), align: 'right' },
            { header: 'Time empty', cell: (x) => pct(x.fractionEmpty), align: 'right' },
            { header: 'Seepage (%)', cell: (x) => fmt(x.seepage, 1), align: 'right' },
            { header: 'Evaporation (%)', cell: (x) => fmt(x.evapLoss, 1), align: 'right' },
          ]}
        />
        {r.reservoirRows.length > 0 && (
          <ValueTable
            caption="Averages"
            rows={[
              ['Sediment trapping', fmt(r.averages.trappingEfficiency.sediment, 1), '%'],
              ['Nitrogen trapping', fmt(r.averages.trappingEfficiency.nitrogen, 1), '%'],
              ['Phosphorus trapping', fmt(r.averages.trappingEfficiency.phosphorus, 1), '%'],
              ['Water removed', fmt(r.averages.waterLosses.totalRemoved, 1), '%'],
              ['Evaporation', fmt(r.averages.waterLosses.evaporation, 1), '%'],
              ['Seepage', fmt(r.averages.waterLosses.seepage, 1), '%'],
              ['Reservoirs', r.averages.trends.numberReservoirs],
              ['Largest volume', fmt(r.averages.trends.maxVolume, 0), 'm³'],
              ['Smallest volume', fmt(r.averages.trends.minVolume, 0), 'm³'],
              ['Time empty', pct(r.averages.trends.fractionEmpty)],
            ]}
          />
        )}
      </Stack>
    ),
  },
];
