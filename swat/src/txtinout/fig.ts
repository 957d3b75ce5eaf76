// fig.fig: the routing commands (readfig.f). A command line is the name (a10) then icode, ihout,
// inum1, inum2, inum3 (i6), rnum1 (f6.3), inum4 (i9); commands that read files are followed by
// a line of 13-character file names after 10 columns (free text there, e.g. "Pnt.Source").
import type { Fig, FigCommand } from './types.ts';
import { fitReal, joinLines, parseNum, splitLines } from './lines.ts';

/** Command codes followed by a file-name line. */
export const FIG_FILE_COMMANDS: ReadonlySet<number> = new Set([1, 2, 3, 6, 7, 8, 9, 10, 11, 13, 14, 16, 17, 18]);

export const FIG_COMMAND_NAMES: Record<number, string> = {
  0: 'finish',
  1: 'subbasin',
  2: 'route',
  3: 'routres',
  4: 'transfer',
  5: 'add',
  6: 'rechour',
  7: 'recmon',
  8: 'recyear',
  9: 'save',
  10: 'recday',
  11: 'reccnst',
  12: 'structure',
  13: 'apex',
  14: 'saveconc',
  16: 'autocal',
  17: 'routunit',
  18: 'routels',
};

// [start, end) of icode, ihout, inum1, inum2, inum3, rnum1, inum4
const FIELDS: readonly (readonly [number, number])[] = [
  [10, 16],
  [16, 22],
  [22, 28],
  [28, 34],
  [34, 40],
  [40, 46],
  [46, 55],
];
const COMMENT_COLUMN = 58;

function parseCommandLine(line: string): FigCommand {
  const v = [0, 0, 0, 0, 0, 0, 0];
  let comment: string | undefined;
  for (let k = 0; k < FIELDS.length; k++) {
    const [s, e] = FIELDS[k]!;
    if (s >= line.length) break;
    const t = line.slice(s, e).trim();
    if (t === '') continue;
    const n = parseNum(t);
    if (Number.isNaN(n)) {
      // free text (a description) instead of a number: the rest of the line is a comment
      comment = line.slice(s).trim();
      break;
    }
    v[k] = n;
  }
  if (comment === undefined && line.length > 55 && line.slice(55).trim() !== '') comment = line.slice(55).trim();
  const c: FigCommand = {
    command: line.slice(0, 10).trim(),
    icode: Math.trunc(v[0]!),
    ihout: Math.trunc(v[1]!),
    inum1: Math.trunc(v[2]!),
    inum2: Math.trunc(v[3]!),
    inum3: Math.trunc(v[4]!),
    rnum1: v[5]!,
    inum4: Math.trunc(v[6]!),
    files: [],
  };
  if (comment !== undefined) c.comment = comment;
  return c;
}

export function parseFig(text: string): Fig {
  const lines = splitLines(text);
  const commands: FigCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const c = parseCommandLine(line);
    if (FIG_FILE_COMMANDS.has(c.icode) && i + 1 < lines.length) {
      const fl = lines[++i]!;
      const prefix = fl.slice(0, 10).trim();
      if (prefix !== '') c.filePrefix = prefix;
      for (let s = 10; s < fl.length; s += 13) c.files.push(fl.slice(s, s + 13).trim());
      while (c.files.length > 0 && c.files[c.files.length - 1] === '') c.files.pop();
    }
    commands.push(c);
    if (c.icode === 0 && c.command.toLowerCase() === 'finish') break;
  }
  return { commands };
}

export function formatFigCommand(c: FigCommand): string[] {
  const nums = [c.icode, c.ihout, c.inum1, c.inum2, c.inum3, c.rnum1, c.inum4];
  // write numbers up to the last non-zero one (icode always)
  let last = 0;
  nums.forEach((n, k) => {
    if (n !== 0) last = k;
  });
  let s = c.command.length >= 10 ? c.command.slice(0, 10) : c.command.padEnd(10);
  for (let k = 0; k <= last; k++) {
    const [a, b] = FIELDS[k]!;
    const w = b - a;
    const n = nums[k]!;
    if (k === 5) s += n === 0 ? ''.padStart(w) : fitReal(n, w, 3);
    else s += String(n).padStart(w);
  }
  if (c.comment) s = s.padEnd(COMMENT_COLUMN) + c.comment;
  const out = [s];
  if (FIG_FILE_COMMANDS.has(c.icode)) {
    let f = (c.filePrefix ?? '').padEnd(10);
    for (const name of c.files) f += name.padEnd(13);
    out.push(f.trimEnd());
  }
  return out;
}

export function formatFig(fig: Fig, eol = '\r\n'): string {
  const lines: string[] = [];
  for (const c of fig.commands) lines.push(...formatFigCommand(c));
  return joinLines(lines, eol);
}
