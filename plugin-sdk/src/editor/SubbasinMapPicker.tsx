// The HRU selector's map (spec 2 'Shared HRU selector': subbasins from a list or the map): the
// project's subbasins drawn from its GeoJSON as SVG — no map library and no tiles, so it works
// offline and inside any editor — clicking a subbasin adds or removes it.
import { Box, Group, Loader, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useApiQuery } from '../api/hooks.ts';
import { ErrorList } from '../ui/ErrorList.tsx';
import type { SubbasinMapPickerProps } from './HruSelector.tsx';

type Ring = [number, number][];
type Feature = { properties: { id: number; name: string }; geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: Ring[] | Ring[][] } };

const WIDTH = 640;

/** Equirectangular projection scaled by the cosine of the middle latitude, fitted to WIDTH. */
export function projectRings(features: Feature[]): { paths: { id: number; name: string; d: string }[]; height: number } {
  const polys = features.map((f) => ({ f, polygons: (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as Ring[][] }));
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const { polygons } of polys) for (const poly of polygons) for (const ring of poly) for (const [x, y] of ring) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  if (!Number.isFinite(minX)) return { paths: [], height: 0 };
  const k = Math.cos((((minY + maxY) / 2) * Math.PI) / 180);
  const scale = WIDTH / Math.max(1e-9, (maxX - minX) * k);
  const height = Math.max(1, (maxY - minY) * scale);
  const pt = ([x, y]: [number, number]) => `${(((x - minX) * k) * scale).toFixed(1)},${((maxY - y) * scale).toFixed(1)}`;
  const paths = polys.map(({ f, polygons }) => ({
    id: Number(f.properties.id),
    name: String(f.properties.name),
    d: polygons.map((poly) => poly.map((ring) => `M${ring.map(pt).join('L')}Z`).join('')).join(''),
  }));
  return { paths, height };
}

export function SubbasinMapPicker({ projectID, selected, multiple, onChange }: SubbasinMapPickerProps) {
  const q = useApiQuery<{ features: Feature[] }>(`exports/geojson/${projectID}/subbasins`);
  const [hover, setHover] = useState<string | null>(null);
  const drawn = useMemo(() => (q.data ? projectRings(q.data.features ?? []) : null), [q.data]);
  if (q.error) return <ErrorList error={q.error} />;
  if (!drawn) return <Loader size="sm" />;
  const chosen = new Set(selected);
  const toggle = (id: number) => onChange(multiple ? (chosen.has(id) ? selected.filter((s) => s !== id) : [...selected, id]) : [id]);
  return (
    <Box data-testid="subbasin-map">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          Subbasins
        </Text>
        <Text size="xs" c="dimmed">
          {hover ? `Subbasin ${hover}` : `${selected.length} selected · click a subbasin to ${multiple ? 'add or remove it' : 'choose it'}`}
        </Text>
      </Group>
      <svg viewBox={`-2 -2 ${WIDTH + 4} ${drawn.height + 4}`} width="100%" style={{ maxHeight: 420, background: '#f8f9fa', borderRadius: 4 }} role="group" aria-label="Subbasins map">
        {drawn.paths.map((p) => (
          <path
            key={p.id}
            d={p.d}
            role="checkbox"
            aria-checked={chosen.has(p.id)}
            aria-label={`Subbasin ${p.name}`}
            data-subbasin={p.name}
            fill={chosen.has(p.id) ? '#266eff' : '#e6ebf5'}
            fillOpacity={chosen.has(p.id) ? 0.75 : 1}
            stroke="#003399"
            strokeWidth={0.8}
            style={{ cursor: 'pointer' }}
            onClick={() => toggle(p.id)}
            onMouseEnter={() => setHover(p.name)}
            onMouseLeave={() => setHover(null)}
          >
            <title>{`Subbasin ${p.name}`}</title>
          </path>
        ))}
      </svg>
    </Box>
  );
}
