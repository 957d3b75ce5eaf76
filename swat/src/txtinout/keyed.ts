// Reader/writer for the `value | NAME : description` files (file.cio, .bsn, .sub, .rte, .pnd,
// .swq, .wus, .hru, .gw, .sep, the general part of .mgt), driven by a schema (schemas.ts).
//
// SWAT reads these files by line position, mostly list-directed (first item of the line). Files
// from different interfaces/revisions add, drop or rename lines, so the reader matches a line by
// the NAME after `|` first, then by position; text lines are matched by content or position.
// What the file looked like (text lines, labels, justification) is kept as a Layout shared by
// all files with the same shape, so a rewrite reproduces the file.
import type { KeyedFile, Layout, LayoutItem, Schema, SchemaEntry } from './types.ts';
import { firstToken, fixedInt, fixedReal, fmtReal, numbers, parseNum, splitLines, tokens } from './lines.ts';

/** Other spellings of parameter names seen in real files (HAWQS, older ArcSWAT). */
const ALIASES: Record<string, string> = {
  PRF_BSN: 'PRF',
  RSD_COV: 'RSD_COVCO',
  MSK_COL2: 'MSK_CO2',
  QWDPRCH: 'WDPRCH',
  CHW2: 'CH_W2',
  CHD: 'CH_D',
  LATITUDE: 'SUB_LAT',
  ELEV: 'SUB_ELEV',
  WINDSIM: 'WNDSIM',
  CH_COV: 'CH_COV1',
  COEFF_COEFF_PDISTRB: 'COEFF_PDISTRB',
};

interface Compiled {
  schema: Schema;
  names: Map<string, number>;
  texts: (string | null)[];
  canonical: Layout;
  cache: Map<string, Layout>;
  /** default values; arrays are copied per file */
  template: Record<string, unknown>;
  arrayKeys: string[];
  /** layout of the previous file read: consecutive files nearly always share it */
  last?: Layout;
}
const compiledSchemas = new WeakMap<Schema, Compiled>();

/** The NAME of a label: text after `|` up to `:` or a blank, upper-cased. */
export function labelName(line: string, pipe: number): string {
  let i = pipe + 1;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  let j = i;
  while (j < line.length && line[j] !== ':' && line[j] !== ' ' && line[j] !== '\t') j++;
  return line.slice(i, j).toUpperCase();
}

function isParam(e: SchemaEntry): e is readonly [string, 'i' | 'r' | 's', number, string] {
  return typeof e !== 'string' && (e[1] === 'i' || e[1] === 'r' || e[1] === 's');
}

function compile(schema: Schema): Compiled {
  let c = compiledSchemas.get(schema);
  if (c) return c;
  const names = new Map<string, number>();
  const texts: (string | null)[] = [];
  const items: LayoutItem[] = [];
  schema.forEach((e, i) => {
    if (typeof e === 'string') {
      texts.push(e.trim().toLowerCase());
      items.push(e);
      return;
    }
    texts.push(null);
    if (isParam(e)) {
      names.set(e[0], i);
      if (e[3]) {
        const ln = labelName(e[3], 0);
        if (ln && !names.has(ln)) names.set(ln, i);
      }
      const str = e[1] === 's';
      items.push({ i, label: e[3], pipe: e[3] ? 20 : -1, end: str ? 0 : 16 });
    } else if (e[1] === 'a') {
      items.push({ i, width: e[4], decimals: e[3] });
    } else {
      items.push({ i });
    }
  });
  for (const [alias, key] of Object.entries(ALIASES)) {
    const i = names.get(key);
    if (i !== undefined && !names.has(alias)) names.set(alias, i);
  }
  const template = schemaDefaults(schema);
  const arrayKeys = Object.keys(template).filter((k) => Array.isArray(template[k]));
  c = { schema, names, texts, canonical: { items }, cache: new Map(), template, arrayKeys };
  compiledSchemas.set(schema, c);
  return c;
}

/** Fresh default values of a schema: 0, '' or arrays of those. */
export function schemaDefaults(schema: Schema): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  for (const e of schema) {
    if (typeof e === 'string') continue;
    if (isParam(e)) v[e[0]] = e[1] === 's' ? '' : 0;
    else if (e[1] === 'a') {
      const n = e[5] + e[2];
      const cur = v[e[0]] as number[] | undefined;
      if (!cur || cur.length < n) v[e[0]] = new Array<number>(n).fill(0);
    } else {
      const n = e[4] + e[2];
      const cur = v[e[0]] as string[] | undefined;
      if (!cur || cur.length < n) v[e[0]] = new Array<string>(n).fill('');
    }
  }
  return v;
}

function isNumericLine(t: string): boolean {
  for (const tok of tokens(t)) if (Number.isNaN(parseNum(tok))) return false;
  return true;
}

export interface KeyedParse {
  values: Record<string, unknown>;
  layout: Layout;
  /** index of the first line not consumed */
  next: number;
}

/**
 * Read lines [start, end) against a schema. With `stopAtEnd`, stop as soon as the last schema
 * entry is consumed (the rest of the file has another format: .sub HRU list, .mgt operations).
 */
export function parseKeyedLines(
  lines: string[],
  start: number,
  schema: Schema,
  stopAtEnd = false,
): KeyedParse {
  const c = compile(schema);
  const values: Record<string, unknown> = { ...c.template };
  for (const k of c.arrayKeys) values[k] = (c.template[k] as unknown[]).slice();
  const items: LayoutItem[] = [];
  const positional = new Map<number, { item: number; line: string }>();
  let ptr = 0;
  let li = start;
  const n = schema.length;
  for (; li < lines.length; li++) {
    if (stopAtEnd && ptr >= n) break;
    const line = lines[li]!;
    const p = line.indexOf('|');
    const before = p >= 0 ? line.slice(0, p) : line;
    const hasValue = before.trim() !== '';
    if (p >= 0) {
      let idx = c.names.get(labelName(line, p));
      let byPosition = false;
      if (idx === undefined && hasValue && ptr < n && isParam(schema[ptr]!)) {
        idx = ptr;
        byPosition = true;
      }
      if (idx !== undefined && (hasValue || (schema[idx] as readonly unknown[])[1] === 's')) {
        // a parameter taken by position whose own line shows up later was another parameter
        // (one this schema does not know): keep that earlier line as text
        const earlier = positional.get(idx);
        if (earlier !== undefined && !byPosition) {
          items[earlier.item] = earlier.line;
          positional.delete(idx);
        }
        if (byPosition) positional.set(idx, { item: items.length, line: line.trimEnd() });
        const e = schema[idx] as readonly [string, 'i' | 'r' | 's', number, string];
        if (e[1] === 's') values[e[0]] = before.trim();
        else {
          const v = parseNum(firstToken(line));
          values[e[0]] = Number.isNaN(v) ? 0 : v;
        }
        let end = 0;
        if (hasValue && (before[0] === ' ' || before[0] === '\t')) end = before.trimEnd().length;
        const label = line.slice(p).trimEnd();
        items.push({ i: idx, label, pipe: p, end });
        ptr = idx + 1;
        continue;
      }
    }
    // a text line, an array line, or a value without label
    const low = line.trim().toLowerCase();
    let matched = -1;
    if (low !== '') {
      for (let j = ptr; j < n && j < ptr + 6; j++) {
        if (c.texts[j] === low) {
          matched = j;
          break;
        }
      }
    }
    if (matched < 0 && ptr < n) {
      const e = schema[ptr]!;
      if (typeof e === 'string') matched = ptr;
      else if (e[1] === 'a' && p < 0 && isNumericLine(line)) {
        const nums = numbers(line);
        const arr = values[e[0]] as number[];
        for (let k = 0; k < e[2] && k < nums.length; k++) arr[e[5] + k] = nums[k]!;
        const t = line.trimEnd();
        const width = nums.length > 0 ? Math.round(t.length / nums.length) : e[4];
        const first = tokens(t)[0] ?? '';
        const dot = first.indexOf('.');
        const decimals = nums.length === 0 ? e[3] : dot >= 0 ? first.length - dot - 1 : 0;
        items.push({ i: ptr, width, decimals });
        ptr++;
        continue;
      } else if (e[1] === 'f' && p < 0) {
        const arr = values[e[0]] as string[];
        const w = e[3];
        for (let k = 0; k < e[2]; k++) arr[e[4] + k] = line.slice(k * w, (k + 1) * w).trim();
        items.push({ i: ptr });
        ptr++;
        continue;
      } else if (isParam(e) && e[3] === '' && p < 0) {
        values[e[0]] = line.trim();
        const end = line[0] === ' ' ? line.trimEnd().length : 0;
        items.push({ i: ptr, label: '', pipe: -1, end });
        ptr++;
        continue;
      }
    }
    const text = line.trimEnd();
    items.push(text);
    if (matched >= 0) ptr = matched + 1;
  }
  return { values, layout: intern(c, items), next: li };
}

function sameItem(a: LayoutItem, b: LayoutItem): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.i === b.i && a.label === b.label && a.pipe === b.pipe && a.end === b.end && a.width === b.width && a.decimals === b.decimals;
}

/** Share one Layout object between files of the same shape (150,000 HRU files → a handful). */
function intern(c: Compiled, items: LayoutItem[]): Layout {
  const last = c.last;
  if (last && last.items.length === items.length && items.every((it, k) => sameItem(it, last.items[k]!))) return last;
  const key = items
    .map((it) =>
      typeof it === 'string' ? 'T' + it : `${it.i}|${it.pipe ?? ''}|${it.end ?? ''}|${it.width ?? ''}|${it.decimals ?? ''}|${it.label ?? ''}`,
    )
    .join('\n');
  let layout = c.cache.get(key);
  if (!layout) {
    layout = { items };
    c.cache.set(key, layout);
  }
  c.last = layout;
  return layout;
}

/** Parse a whole keyed file: the first line is the title. */
export function parseKeyed<T extends KeyedFile>(text: string | string[], schema: Schema): T {
  const lines = typeof text === 'string' ? splitLines(text) : text;
  const r = parseKeyedLines(lines, 1, schema);
  return { ...r.values, title: lines[0] ?? '', layout: r.layout } as T;
}

function fmtParam(e: readonly [string, 'i' | 'r' | 's', number, string], v: unknown): string {
  if (e[1] === 's') return String(v ?? '');
  const x = typeof v === 'number' ? v : 0;
  if (e[1] === 'i' && Number.isInteger(x)) return String(x);
  return fmtReal(x, e[1] === 'i' ? 0 : e[2]);
}

function paramLine(s: string, item: { label?: string; pipe?: number; end?: number }): string {
  const end = item.end ?? 0;
  let out = end > 0 ? s.padStart(end) : s;
  const label = item.label ?? '';
  if (label === '') return out;
  const pipe = item.pipe ?? 20;
  out = out.length >= pipe ? out + ' ' : out.padEnd(pipe);
  return out + label;
}

function isDefault(v: unknown): boolean {
  if (Array.isArray(v)) return v.every((x) => x === 0 || x === '');
  return v === 0 || v === '' || v === undefined;
}

/** Lines of a keyed file (without the title) from values, following `layout` when given. */
export function formatKeyedLines(values: Record<string, unknown>, schema: Schema, layout?: Layout): string[] {
  const c = compile(schema);
  let items = (layout ?? c.canonical).items;
  if (layout) {
    // parameters the file did not have but that now hold a value: insert them at their schema
    // position so SWAT (which reads by position) finds them after their predecessors
    const present = new Set<number>();
    for (const it of items) if (typeof it !== 'string') present.add(it.i);
    const missing: number[] = [];
    schema.forEach((e, i) => {
      if (typeof e !== 'string' && !present.has(i) && !isDefault(values[e[0]])) missing.push(i);
    });
    if (missing.length > 0) {
      const out = [...items];
      for (const m of missing) {
        let at = out.length;
        for (let k = out.length - 1; k >= 0; k--) {
          const it = out[k]!;
          if (typeof it !== 'string' && it.i < m) {
            at = k + 1;
            break;
          }
          if (typeof it !== 'string' && it.i > m) at = k;
        }
        out.splice(at, 0, c.canonical.items[m]!);
      }
      items = out;
    }
  }
  const lines: string[] = [];
  for (const it of items) {
    if (typeof it === 'string') {
      lines.push(it);
      continue;
    }
    const e = schema[it.i]!;
    if (typeof e === 'string') continue;
    if (isParam(e)) {
      lines.push(paramLine(fmtParam(e, values[e[0]]), it));
    } else if (e[1] === 'a') {
      const arr = (values[e[0]] as number[] | undefined) ?? [];
      const width = it.width ?? e[4];
      const dec = it.decimals ?? e[3];
      let s = '';
      for (let k = 0; k < e[2]; k++) {
        const v = arr[e[5] + k] ?? 0;
        s += dec === 0 && Number.isInteger(v) ? fixedInt(v, width) : fixedReal(v, width, dec);
      }
      lines.push(s);
    } else {
      const arr = (values[e[0]] as string[] | undefined) ?? [];
      let s = '';
      for (let k = 0; k < e[2]; k++) {
        const name = arr[e[4] + k] ?? '';
        // a13 fields are contiguous: a 13-char name fills its field exactly
        s += name.padEnd(e[3]);
      }
      lines.push(s.trimEnd());
    }
  }
  return lines;
}

/** A whole keyed file: title line then the parameter lines. */
export function formatKeyed(obj: KeyedFile & object, schema: Schema): string[] {
  return [obj.title, ...formatKeyedLines(obj as unknown as Record<string, unknown>, schema, obj.layout)];
}
