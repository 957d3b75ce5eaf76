/// <reference types="node" />
// Zip archives for editors' uploads and downloads, safely: an uploaded archive is read from its
// central directory, every entry checked BEFORE anything is inflated — a path that would leave the
// archive ('../', '/abs', 'C:', backslashes), encryption, methods other than stored/deflate, zip64,
// too many entries, a declared size over the limits, a compression ratio no data file has — and
// each entry then inflated with a hard output cap (its declared size: an archive that lies about
// its sizes fails there) and its CRC checked. Only the names the editor expects are accepted.
// Nothing is written to disk: entries come back as buffers. No dependency: node:zlib.
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { UPLOAD_MESSAGES } from '../editor/uploads.ts';
import { InputError } from './errors.ts';

export type ZipEntry = { name: string; data: Buffer };

export type ZipLimits = {
  /** files in the archive (default 100) */
  maxEntries?: number;
  /** bytes of one file once inflated (default 50 MB) */
  maxEntryBytes?: number;
  /** bytes of all files once inflated (default 100 MB) */
  maxTotalBytes?: number;
  /** largest inflated/compressed ratio of an entry above 64 KB (default 200; text data
   * compresses 3–20 times, zip bombs 1,000 times and more) */
  maxRatio?: number;
  /** Which names are expected: true to take the entry; a string is the expected names, said in
   * the refusal. Names are the entry's base name (a folder inside the archive is allowed). */
  accept?: (name: string) => boolean;
  /** the expected names in words, for the refusal ('yyyy-mm-dd.csv') */
  expected?: string;
};

const DEFAULTS = { maxEntries: 100, maxEntryBytes: 50 * 1024 * 1024, maxTotalBytes: 100 * 1024 * 1024, maxRatio: 200 };
const RATIO_FLOOR = 64 * 1024;

/** Entries every zip tool may add that are not data (macOS resource forks, Finder and Windows files). */
function isJunk(path: string): boolean {
  const base = path.split('/').pop() ?? '';
  return path.startsWith('__MACOSX/') || base === '.DS_Store' || base === 'Thumbs.db' || base === 'desktop.ini';
}

/** A path stays inside the archive: relative, no '..' segment, no drive letter, no backslash, no NUL. */
export function safeEntryPath(path: string): boolean {
  if (!path || path.includes('\0') || path.includes('\\')) return false;
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return false;
  return path.split('/').every((seg) => seg !== '..' && seg !== '.');
}

function fail(problems: string[]): never {
  throw new InputError({ file: problems });
}

type Central = { name: string; flags: number; method: number; crc: number; csize: number; usize: number; offset: number };

/** Reads an uploaded zip archive with the checks above; refusals are InputErrors `{ file: [...] }`
 * naming every problem found in the directory (nothing is inflated when one is found). */
export function readZip(buf: Buffer, limits: ZipLimits = {}): ZipEntry[] {
  const L = { ...DEFAULTS, ...limits };
  // end of central directory: the last signature within the final 64 KB + 22 bytes
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) fail([UPLOAD_MESSAGES.notZip]);
  const total = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (total === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) fail([UPLOAD_MESSAGES.zip64]);
  if (cdOffset + cdSize > eocd) fail([UPLOAD_MESSAGES.notZip]);
  if (total > L.maxEntries) fail([UPLOAD_MESSAGES.tooManyEntries(L.maxEntries)]);

  const entries: Central[] = [];
  let p = cdOffset;
  for (let k = 0; k < total; k++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== 0x02014b50) fail([UPLOAD_MESSAGES.notZip]);
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const csize = buf.readUInt32LE(p + 20);
    const usize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const offset = buf.readUInt32LE(p + 42);
    if (p + 46 + nameLen > eocd) fail([UPLOAD_MESSAGES.notZip]);
    const raw = buf.subarray(p + 46, p + 46 + nameLen);
    const name = flags & 0x800 ? raw.toString('utf8') : raw.toString('latin1');
    if (csize === 0xffffffff || usize === 0xffffffff || offset === 0xffffffff) fail([UPLOAD_MESSAGES.zip64]);
    entries.push({ name, flags, method, crc, csize, usize, offset });
    p += 46 + nameLen + extraLen + commentLen;
  }

  const problems: string[] = [];
  const seen = new Set<string>();
  const files: (Central & { base: string })[] = [];
  let sum = 0;
  for (const e of entries) {
    if (!safeEntryPath(e.name)) {
      problems.push(UPLOAD_MESSAGES.unsafePath(e.name));
      continue;
    }
    if (e.name.endsWith('/') || isJunk(e.name)) continue; // folders and tool files
    const base = e.name.split('/').pop()!;
    if (e.flags & 0x1) problems.push(UPLOAD_MESSAGES.encrypted(e.name));
    else if (e.method !== 0 && e.method !== 8) problems.push(UPLOAD_MESSAGES.method(e.name));
    if (e.usize > L.maxEntryBytes) problems.push(UPLOAD_MESSAGES.entrySize(e.name, L.maxEntryBytes));
    else if (e.usize > RATIO_FLOOR && e.usize / Math.max(e.csize, 1) > L.maxRatio) problems.push(UPLOAD_MESSAGES.ratio(e.name, e.usize / Math.max(e.csize, 1)));
    if (limits.accept && !limits.accept(base)) problems.push(UPLOAD_MESSAGES.unexpected(e.name, limits.expected ?? 'see the upload guidelines'));
    const key = base.toLowerCase();
    if (seen.has(key)) problems.push(UPLOAD_MESSAGES.duplicate(base));
    seen.add(key);
    sum += e.usize;
    files.push({ ...e, base });
  }
  if (sum > L.maxTotalBytes) problems.push(UPLOAD_MESSAGES.totalSize(L.maxTotalBytes));
  if (problems.length) fail(problems);
  if (!files.length) fail([UPLOAD_MESSAGES.emptyZip]);

  const out: ZipEntry[] = [];
  for (const e of files) {
    // the local header must name the same file as the directory (no header confusion)
    if (e.offset + 30 > buf.length || buf.readUInt32LE(e.offset) !== 0x04034b50) fail([UPLOAD_MESSAGES.corrupt(e.name)]);
    const nameLen = buf.readUInt16LE(e.offset + 26);
    const extraLen = buf.readUInt16LE(e.offset + 28);
    const localName = buf.subarray(e.offset + 30, e.offset + 30 + nameLen);
    if (!localName.equals(Buffer.from(e.name, e.flags & 0x800 ? 'utf8' : 'latin1'))) fail([UPLOAD_MESSAGES.corrupt(e.name)]);
    const start = e.offset + 30 + nameLen + extraLen;
    if (start + e.csize > buf.length) fail([UPLOAD_MESSAGES.corrupt(e.name)]);
    const packed = buf.subarray(start, start + e.csize);
    let data: Buffer;
    try {
      // at most one byte more than declared: an entry that inflates further lies about its size
      data = e.method === 0 ? Buffer.from(packed) : inflateRawSync(packed, { maxOutputLength: e.usize + 1 });
    } catch {
      fail([UPLOAD_MESSAGES.corrupt(e.name)]);
    }
    if (data.length !== e.usize || crc32(data) !== e.crc) fail([UPLOAD_MESSAGES.corrupt(e.name)]);
    out.push({ name: e.base, data });
  }
  return out;
}

/** A zip archive of the given files (deflated; names in UTF-8), for downloads. */
export function writeZip(files: { name: string; data: Buffer | string }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const now = new Date();
  const time = (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2);
  const date = ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  for (const f of files) {
    const data = typeof f.data === 'string' ? Buffer.from(f.data, 'utf8') : f.data;
    const name = Buffer.from(f.name, 'utf8');
    const packed = deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, packed);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x800, 8);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt16LE(time, 12);
    cd.writeUInt16LE(date, 14);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(packed.length, 20);
    cd.writeUInt32LE(data.length, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    offset += 30 + name.length + packed.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cdBuf, end]);
}
