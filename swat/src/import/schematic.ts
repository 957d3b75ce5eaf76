// A schematic map of the routing network for an upload without shapes (a bare TxtInOut or a
// HAWQS export): each subbasin a square, the outlet at the bottom, each subbasin one row above
// the one it drains to, centred on the weather stations when they have coordinates. It is
// labelled as a schematic wherever it shows (feature property `schematic: true`); areas come
// from SWAT's SUB_KM, never from these squares.
import type { Routing } from './routing.ts';

type Position = [number, number];
export type SchematicFeature = { number: number; polygon: Position[][]; stream: Position[]; centre: Position };

/** `size` is the square's side in degrees. */
export function routingSchematic(routing: Routing, centre: Position = [0, 0], size = 0.02): SchematicFeature[] {
  const subs = routing.subbasins;
  const depth = new Map<number, number>();
  const depthOf = (n: number, guard = 0): number => {
    const known = depth.get(n);
    if (known !== undefined) return known;
    const d = routing.downstream.get(n);
    const v = d === undefined || guard > subs.length ? 0 : depthOf(d, guard + 1) + 1;
    depth.set(n, v);
    return v;
  };
  const rows = new Map<number, number[]>();
  for (const n of subs) {
    const d = depthOf(n);
    const r = rows.get(d);
    if (r) r.push(n);
    else rows.set(d, [n]);
  }
  const pos = new Map<number, Position>();
  const step = size * 1.5;
  for (const [d, members] of rows) {
    members.forEach((n, i) => pos.set(n, [centre[0] + (i - (members.length - 1) / 2) * step, centre[1] + (d - rows.size / 2) * step]));
  }
  const h = size / 2;
  return subs.map((n) => {
    const [x, y] = pos.get(n)!;
    const down = routing.downstream.get(n);
    const to = down !== undefined ? pos.get(down) : undefined;
    // the reach: from the centre to the edge shared with the next square's row (the outlet's: down)
    const stream: Position[] = to ? [[x, y], [(x + to[0]) / 2, (y + to[1]) / 2]] : [[x, y], [x, y - h]];
    return {
      number: n,
      centre: [x, y] as Position,
      polygon: [[[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h], [x - h, y - h]]],
      stream,
    };
  });
}
