// The routing network of a TxtInOut, from fig.fig: which reach each reach drains to. SWAT's
// commands pass hydrographs by storage number (ihout); a `route` command sends one hydrograph
// down reach inum1, so every reach whose routed outflow is in that hydrograph (directly, through
// `add` and `routres` — a reservoir on the way — but not through another `route`) drains to it.
// ArcSWAT, QSWAT and HAWQS number a subbasin's reach as the subbasin.
import type { Fig } from '../txtinout/types.ts';
import { FIG_FILE_COMMANDS } from '../txtinout/fig.ts';

export type Routing = {
  /** reach number → the reach it drains to (absent: an outlet) */
  downstream: Map<number, number>;
  /** reaches draining nowhere, in fig.fig order */
  outlets: number[];
  /** subbasin numbers of the `subbasin` commands, in fig.fig order */
  subbasins: number[];
  /** the fig.fig line of each subbasin's command (1-based), for messages */
  lineOf: Map<number, number>;
};

export function routingOf(fig: Fig): Routing {
  const tops = new Map<number, Set<number>>(); // hydrograph → reaches whose outflow it carries
  const downstream = new Map<number, number>();
  const reaches: number[] = [];
  const subbasins: number[] = [];
  const lineOf = new Map<number, number>();
  let line = 1;
  for (const c of fig.commands) {
    const here = line;
    line += c.files.length || FIG_FILE_COMMANDS.has(c.icode) ? 2 : 1;
    switch (c.icode) {
      case 1: // subbasin: the subbasin's own runoff, before its reach
        tops.set(c.ihout, new Set());
        subbasins.push(c.inum1);
        lineOf.set(c.inum1, here);
        break;
      case 2: {
        // route hydrograph inum2 through reach inum1
        for (const up of tops.get(c.inum2) ?? []) if (up !== c.inum1) downstream.set(up, c.inum1);
        tops.set(c.ihout, new Set([c.inum1]));
        if (!reaches.includes(c.inum1)) reaches.push(c.inum1);
        break;
      }
      case 3: // routres: a reservoir passes what it receives on
        tops.set(c.ihout, new Set(tops.get(c.inum2) ?? []));
        break;
      case 5: // add
        tops.set(c.ihout, new Set([...(tops.get(c.inum1) ?? []), ...(tops.get(c.inum2) ?? [])]));
        break;
      case 4: // transfer: water moved, no routing link
        break;
      case 0:
      case 9:
      case 14:
        break;
      default: // point sources and inlets (rec*), other units: a new hydrograph
        tops.set(c.ihout, new Set());
    }
  }
  const outlets = reaches.filter((r) => !downstream.has(r));
  return { downstream, outlets, subbasins, lineOf };
}
