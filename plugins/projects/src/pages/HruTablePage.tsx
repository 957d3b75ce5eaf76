// The project HRU table /hrus/:id (opened in its own 800×600 window): 100 per page sorted by
// sortOrder, with the spec's number formats (spec 1 §9).
import { Group, SegmentedControl, Title } from '@mantine/core';
import { useState } from 'react';
import { DataGrid, PageLayout, ROUTES, RouteLink, useApiQuery, type GridColumn, type PageProps } from '@headwater/plugin-sdk';
import { HRU_FORMATS, fixed } from '../logic.ts';
import type { ProjectResponse } from '../types.ts';

type HruRow = { id?: number; sortOrder?: number; subbasin: string | number; landuse: string; soil: string; slopeClass: string; slope: number; slopeLength: number; area: number; fraction: number; cn2: number; ov_n: number };

const num = (key: keyof HruRow & string, title: string): GridColumn<HruRow> => ({ key, title, sortable: true, align: 'right', render: (r) => fixed(r[key], HRU_FORMATS[key]!) });

export const HRU_COLUMNS: GridColumn<HruRow>[] = [
  { key: 'subbasin', title: 'Subbasin', sortable: true },
  { key: 'landuse', title: 'Land use', sortable: true },
  { key: 'soil', title: 'Soil', sortable: true },
  { key: 'slopeClass', title: 'Slope class', sortable: true },
  num('slope', 'Slope'),
  num('slopeLength', 'Slope length'),
  num('area', 'Area (km²)'),
  num('fraction', 'Fraction'),
  num('cn2', 'CN2'),
  num('ov_n', 'OVN'),
];

export function HruTablePage({ params }: PageProps) {
  const id = params.id!;
  const project = useApiQuery<ProjectResponse>(`projects/${id}`);
  const name = project.data?.project.name;
  const reduced = !!project.data?.project.numOriginalHrus && project.data.project.numOriginalHrus !== project.data.project.numHrus;
  const [which, setWhich] = useState<'current' | 'original'>('current');
  return (
    <PageLayout documentTitle={name ? `HRUs · ${name}` : 'HRUs'}>
      <Group justify="space-between">
        <Title order={3}>{name ? `${name}: HRUs` : 'HRUs'}</Title>
        <RouteLink to={ROUTES.ProjectHrus} params={{ id }} size="sm">
          Back to the project
        </RouteLink>
      </Group>
      {reduced && (
        <SegmentedControl
          w={320}
          value={which}
          onChange={(v) => setWhich(v as 'current' | 'original')}
          data={[
            { value: 'current', label: 'Current HRUs' },
            { value: 'original', label: 'Original HRUs' },
          ]}
          data-testid="hru-table-which"
        />
      )}
      <DataGrid<HruRow>
        key={which}
        params={which === 'original' ? { original: '1' } : undefined}
        api={`hruselection/hrus/${id}`} items="HRUs" perPage={100} defaultSort="sortOrder" filterable={false} rowKey={(r) => r.id ?? r.sortOrder ?? `${r.subbasin}-${r.landuse}-${r.soil}-${r.slopeClass}`} columns={HRU_COLUMNS} />
    </PageLayout>
  );
}
