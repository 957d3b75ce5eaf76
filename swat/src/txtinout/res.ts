// .res: reservoir parameters (readres.f), and .lwq: reservoir water quality (readlwq.f).
// Keyed `value | NAME` lines read by name and position, monthly arrays of 6 values a line;
// see keyed.ts. The reader keeps these files as raw text in `otherFiles` (they are named by
// fig.fig `routres` commands); parse them with parseRes/parseLwq.
import type { Lwq, Res } from './types.ts';
import { LWQ_SCHEMA, RES_SCHEMA } from './schemas.ts';
import { formatKeyed, parseKeyed } from './keyed.ts';
import { joinLines, splitLines } from './lines.ts';

export function parseRes(text: string): Res {
  // ArcSWAT writes IFLOD1R/IFLOD2R, HAWQS IFLOOD1R/IFLOOD2R
  const lines = splitLines(text).map((l) => l.replace(/\|\s*IFLOOD([12])R\b/, (_m, d: string) => `| IFLOD${d}R`));
  return parseKeyed<Res>(lines, RES_SCHEMA);
}

export function formatRes(value: Res, eol = '\r\n'): string {
  return joinLines(formatKeyed(value, RES_SCHEMA), eol);
}

export function parseLwq(text: string): Lwq {
  // the lake-bottom sediment pesticide lines repeat the water labels (LKPST_CONC, LKPST_REA):
  // the second occurrence of a label is the sediment (LKSPST_) parameter
  const seen = new Set<string>();
  const lines = splitLines(text).map((l) => {
    const m = /\|\s*(LKS?PST_[A-Z]+)/i.exec(l);
    if (!m) return l;
    const name = m[1]!.toUpperCase();
    if (seen.has(name) || name === 'LKPST_BRY' || name === 'LKPST_ACT') return l.replace(/LKPST_/i, 'LKSPST_');
    seen.add(name);
    return l;
  });
  return parseKeyed<Lwq>(lines, LWQ_SCHEMA);
}

export function formatLwq(value: Lwq, eol = '\r\n'): string {
  return joinLines(formatKeyed(value, LWQ_SCHEMA), eol);
}
