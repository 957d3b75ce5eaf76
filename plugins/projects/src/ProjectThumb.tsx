// A small SVG drawing of a project's subbasins for the dashboard cards (no map library, no
// tiles): the subbasin layer's polygons in an equirectangular projection scaled by cos(lat).
import { fileHref, useApiQuery } from '@headwater/plugin-sdk';
import { useMemo } from 'react';

type Geometry = { type: string; coordinates: unknown };
type FC = { features?: { geometry?: Geometry | null; properties?: { isDownstream?: boolean } }[] };

/** Largest watershed drawn on a card; bigger ones show no drawing (the layer is heavy). */
export const THUMB_MAX_SUBBASINS = 300;

function rings(g: Geometry | null | undefined): number[][][] {
  if (!g) return [];
  if (g.type === 'Polygon') return g.coordinates as number[][][];
  if (g.type === 'MultiPolygon') return (g.coordinates as number[][][][]).flat();
  return [];
}

export function thumbPaths(fc: FC, width: number, height: number): { d: string; downstream: boolean }[] {
  const shapes = (fc.features ?? []).map((f) => ({ rings: rings(f.geometry), downstream: !!f.properties?.isDownstream }));
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const s of shapes)
    for (const r of s.rings)
      for (const [x, y] of r) {
        minX = Math.min(minX, x!);
        maxX = Math.max(maxX, x!);
        minY = Math.min(minY, y!);
        maxY = Math.max(maxY, y!);
      }
  if (!Number.isFinite(minX)) return [];
  const k = Math.cos((((minY + maxY) / 2) * Math.PI) / 180);
  const w = Math.max((maxX - minX) * k, 1e-9);
  const h = Math.max(maxY - minY, 1e-9);
  const scale = Math.min((width - 4) / w, (height - 4) / h);
  const ox = (width - w * scale) / 2;
  const oy = (height - h * scale) / 2;
  const px = (x: number, y: number) => `${(ox + (x - minX) * k * scale).toFixed(1)},${(oy + (maxY - y) * scale).toFixed(1)}`;
  return shapes.map((s) => ({ d: s.rings.map((r) => `M${r.map(([x, y]) => px(x!, y!)).join('L')}Z`).join(''), downstream: s.downstream }));
}

export function ProjectThumb({ projectId, numSubbasins, width = 280, height = 120 }: { projectId: number; numSubbasins: number; width?: number; height?: number }) {
  const small = numSubbasins > 0 && numSubbasins <= THUMB_MAX_SUBBASINS;
  const url = small ? fileHref(`/api/exports/geojson/${projectId}/subbasins`)! : null;
  const q = useApiQuery<FC>(url, { staleTime: Infinity, retry: false });
  const paths = useMemo(() => (q.data ? thumbPaths(q.data, width, height) : []), [q.data, width, height]);
  if (!paths.length)
    return (
      <div style={{ height, background: '#eef3f8', borderRadius: 4, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#868e96', fontSize: 12 }}>
        {small && q.isLoading ? '' : 'Watershed drawn on the project page'}
      </div>
    );
  return (
    <svg width="100%" viewBox={`0 0 ${width} ${height}`} height={height} role="img" aria-label="Watershed" data-testid={`thumb-${projectId}`} style={{ background: '#eef3f8', borderRadius: 4 }}>
      {paths.map((p, i) => (
        <path key={i} d={p.d} fill={p.downstream ? 'rgba(255,140,0,0.45)' : 'rgba(51,136,255,0.3)'} stroke="#1c6fd6" strokeWidth={0.75} />
      ))}
    </svg>
  );
}
