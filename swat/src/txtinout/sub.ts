// .sub: subbasin parameters (keyed lines, read by name and position), then the HRU file list
// that readsub.f reads with format (8a13): hru, mgt, sol, chm, gw, ops, sep, sdr.
import type { Sub, SubHruFiles } from './types.ts';
import { SUB_SCHEMA } from './schemas.ts';
import { formatKeyedLines, parseKeyedLines } from './keyed.ts';
import { joinLines, splitLines } from './lines.ts';

const HRU_FIELDS = ['hru', 'mgt', 'sol', 'chm', 'gw', 'ops', 'sep', 'sdr'] as const;

function isHruLine(line: string): boolean {
  return line.slice(0, 13).toLowerCase().includes('.hru');
}

/** One line of the HRU list: 13-character fields. */
export function parseSubHruLine(line: string): SubHruFiles {
  const f = {} as SubHruFiles;
  HRU_FIELDS.forEach((k, i) => {
    f[k] = line.slice(i * 13, (i + 1) * 13).trim();
  });
  return f;
}

export function formatSubHruLine(f: SubHruFiles): string {
  let s = '';
  for (const k of HRU_FIELDS) s += (f[k] ?? '').padEnd(13);
  return s.trimEnd();
}

export function parseSub(text: string): Sub {
  const lines = splitLines(text);
  const r = parseKeyedLines(lines, 1, SUB_SCHEMA, true);
  const hruSectionText: string[] = [];
  const hruFiles: SubHruFiles[] = [];
  let i = r.next;
  for (; i < lines.length && !isHruLine(lines[i]!); i++) hruSectionText.push(lines[i]!.trimEnd());
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    if (isHruLine(line)) hruFiles.push(parseSubHruLine(line));
  }
  return { ...(r.values as object), title: lines[0] ?? '', layout: r.layout, hruFiles, hruSectionText } as Sub;
}

export function formatSub(sub: Sub, eol = '\r\n'): string {
  const lines = [sub.title, ...formatKeyedLines(sub as unknown as Record<string, unknown>, SUB_SCHEMA, sub.layout)];
  lines.push(...sub.hruSectionText);
  for (const f of sub.hruFiles) lines.push(formatSubHruLine(f));
  return joinLines(lines, eol);
}
