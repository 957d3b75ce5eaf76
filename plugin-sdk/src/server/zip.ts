/// <reference types="node" />
// Zip archives for editors' uploads and downloads, safely: an uploaded archive is read from its
// central directory, every entry checked BEFORE anything is inflated — a path that would leave the
// archive ('../', '/abs', 'C:', backslashes), encryption, methods other than stored/deflate, zip64,
// too many entries, a declared size over the limits, a compression ratio no data file has — and
// each entry then inflated with a hard output cap (its declared size: an archive that lies about
// its sizes fails there) and its CRC checked. Only the names the editor expects are accepted.
// Nothing is written to disk: entries come back as buffers. No dependency: node:zlib.
import { closeSync, createReadStream, createWriteStream, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';
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
  /** Read zip64 archives (more than 65,535 files or 4 GB: a large SWAT project); refused by default. */
  allowZip64?: boolean;
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

type Central = { name: string; flags: number; method: number; crc: number; csize: number; usize: number; offset: number; madeBy: number; external: number };

/** Reads `len` bytes at `offset` of the archive (a buffer or an open file). */
type ReadAt = (offset: number, len: number) => Buffer;

/** The central directory of an archive of `size` bytes: every entry, or a refusal. */
function centralDirectory(readAt: ReadAt, size: number, maxEntries: number, allowZip64 = false): Central[] {
  if (size < 22) fail([UPLOAD_MESSAGES.notZip]);
  // end of central directory: the last signature within the final 64 KB + 22 bytes
  const tailStart = Math.max(0, size - 22 - 0xffff);
  const tail = readAt(tailStart, size - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) fail([UPLOAD_MESSAGES.notZip]);
  let total = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  let eocdAbs = tailStart + eocd;
  if (total === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    if (!allowZip64) fail([UPLOAD_MESSAGES.zip64]);
    // zip64: the locator (20 bytes) just before the end record points to the zip64 end record
    if (eocdAbs < 20) fail([UPLOAD_MESSAGES.notZip]);
    const loc = readAt(eocdAbs - 20, 20);
    if (loc.readUInt32LE(0) !== 0x07064b50) fail([UPLOAD_MESSAGES.notZip]);
    const at = Number(loc.readBigUInt64LE(8));
    if (at + 56 > eocdAbs) fail([UPLOAD_MESSAGES.notZip]);
    const rec = readAt(at, 56);
    if (rec.readUInt32LE(0) !== 0x06064b50) fail([UPLOAD_MESSAGES.notZip]);
    total = Number(rec.readBigUInt64LE(32));
    cdSize = Number(rec.readBigUInt64LE(40));
    cdOffset = Number(rec.readBigUInt64LE(48));
    eocdAbs = at;
  }
  if (cdOffset + cdSize > eocdAbs) fail([UPLOAD_MESSAGES.notZip]);
  if (total > maxEntries) fail([UPLOAD_MESSAGES.tooManyEntries(maxEntries)]);
  const cd = readAt(cdOffset, cdSize);

  const entries: Central[] = [];
  let p = 0;
  for (let k = 0; k < total; k++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) fail([UPLOAD_MESSAGES.notZip]);
    const madeBy = cd.readUInt16LE(p + 4);
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    const crc = cd.readUInt32LE(p + 16);
    const csize = cd.readUInt32LE(p + 20);
    const usize = cd.readUInt32LE(p + 24);
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    const external = cd.readUInt32LE(p + 38);
    const offset = cd.readUInt32LE(p + 42);
    if (p + 46 + nameLen > cd.length) fail([UPLOAD_MESSAGES.notZip]);
    const raw = cd.subarray(p + 46, p + 46 + nameLen);
    const name = flags & 0x800 ? raw.toString('utf8') : raw.toString('latin1');
    let [cs, us, off] = [csize, usize, offset];
    if (csize === 0xffffffff || usize === 0xffffffff || offset === 0xffffffff) {
      if (!allowZip64) fail([UPLOAD_MESSAGES.zip64]);
      // the zip64 extra field (id 1) holds, in this order, the 8-byte values that overflowed
      let e = p + 46 + nameLen;
      const end = e + extraLen;
      let found = false;
      while (e + 4 <= end && e + 4 <= cd.length) {
        const id = cd.readUInt16LE(e);
        const len = cd.readUInt16LE(e + 2);
        if (id === 1) {
          let q = e + 4;
          const next = () => {
            if (q + 8 > e + 4 + len) fail([UPLOAD_MESSAGES.notZip]);
            const v = Number(cd.readBigUInt64LE(q));
            q += 8;
            return v;
          };
          if (usize === 0xffffffff) us = next();
          if (csize === 0xffffffff) cs = next();
          if (offset === 0xffffffff) off = next();
          found = true;
          break;
        }
        e += 4 + len;
      }
      if (!found) fail([UPLOAD_MESSAGES.notZip]);
    }
    entries.push({ name, flags, method, crc, csize: cs, usize: us, offset: off, madeBy, external });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** A symbolic link: made on Unix (version-made-by host 3) with S_IFLNK in the mode bits. */
function isLink(e: Central): boolean {
  return e.madeBy >> 8 === 3 && ((e.external >>> 16) & 0xf000) === 0xa000;
}

/** The checks every entry passes before anything is inflated; the files to take. */
function checkEntries(entries: Central[], L: typeof DEFAULTS, limits: ZipLimits, keepFolders: boolean): (Central & { base: string })[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const files: (Central & { base: string })[] = [];
  let sum = 0;
  for (const e of entries) {
    if (!safeEntryPath(e.name)) {
      problems.push(UPLOAD_MESSAGES.unsafePath(e.name));
      continue;
    }
    if (isLink(e)) {
      problems.push(UPLOAD_MESSAGES.link(e.name));
      continue;
    }
    if (e.name.endsWith('/') || isJunk(e.name)) continue; // folders and tool files
    const base = e.name.split('/').pop()!;
    if (e.flags & 0x1) problems.push(UPLOAD_MESSAGES.encrypted(e.name));
    else if (e.method !== 0 && e.method !== 8) problems.push(UPLOAD_MESSAGES.method(e.name));
    if (e.usize > L.maxEntryBytes) problems.push(UPLOAD_MESSAGES.entrySize(e.name, L.maxEntryBytes));
    else if (e.usize > RATIO_FLOOR && e.usize / Math.max(e.csize, 1) > L.maxRatio) problems.push(UPLOAD_MESSAGES.ratio(e.name, e.usize / Math.max(e.csize, 1)));
    if (limits.accept && !limits.accept(base)) problems.push(UPLOAD_MESSAGES.unexpected(e.name, limits.expected ?? 'see the upload guidelines'));
    // flat archives (editors) take base names: the same name twice is ambiguous; an extracted
    // tree keeps its folders, so only the same path twice (case-insensitively) is
    const key = (keepFolders ? e.name : base).toLowerCase();
    if (seen.has(key)) problems.push(UPLOAD_MESSAGES.duplicate(keepFolders ? e.name : base));
    seen.add(key);
    sum += e.usize;
    files.push({ ...e, base });
  }
  if (sum > L.maxTotalBytes) problems.push(UPLOAD_MESSAGES.totalSize(L.maxTotalBytes));
  if (problems.length) fail(problems);
  if (!files.length) fail([UPLOAD_MESSAGES.emptyZip]);
  return files;
}

/** Where an entry's data starts, after checking its local header names the same file. */
function dataStart(readAt: ReadAt, size: number, e: Central): number {
  if (e.offset + 30 > size) fail([UPLOAD_MESSAGES.corrupt(e.name)]);
  const head = readAt(e.offset, 30);
  if (head.readUInt32LE(0) !== 0x04034b50) fail([UPLOAD_MESSAGES.corrupt(e.name)]);
  const nameLen = head.readUInt16LE(26);
  const extraLen = head.readUInt16LE(28);
  // the local header must name the same file as the directory (no header confusion)
  const localName = readAt(e.offset + 30, nameLen);
  if (!localName.equals(Buffer.from(e.name, e.flags & 0x800 ? 'utf8' : 'latin1'))) fail([UPLOAD_MESSAGES.corrupt(e.name)]);
  const start = e.offset + 30 + nameLen + extraLen;
  if (start + e.csize > size) fail([UPLOAD_MESSAGES.corrupt(e.name)]);
  return start;
}

/** Reads an uploaded zip archive with the checks above; refusals are InputErrors `{ file: [...] }`
 * naming every problem found in the directory (nothing is inflated when one is found). */
export function readZip(buf: Buffer, limits: ZipLimits = {}): ZipEntry[] {
  const L = { ...DEFAULTS, ...limits };
  const readAt: ReadAt = (offset, len) => buf.subarray(offset, offset + len);
  const files = checkEntries(centralDirectory(readAt, buf.length, L.maxEntries), L, limits, false);

  const out: ZipEntry[] = [];
  for (const e of files) {
    const start = dataStart(readAt, buf.length, e);
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

/** What `extractZipFile` wrote: the paths (relative, '/'-separated) and their total bytes. */
export type ExtractedZip = { files: string[]; bytes: number };

/**
 * Extracts an uploaded zip archive held in a FILE (a dataset upload of up to 1 GB is never read
 * into memory) into `destDir`, keeping its folders. The same checks as `readZip` run on the
 * central directory first (paths, links, encryption, methods, sizes, ratio, total); each entry is
 * then inflated as a stream with a hard cap at its declared size and its CRC checked. The caller
 * removes `destDir` when this throws.
 */
export async function extractZipFile(path: string, destDir: string, limits: ZipLimits = {}, onProgress?: (done: number, total: number) => void): Promise<ExtractedZip> {
  const L = { ...DEFAULTS, ...limits };
  const fd = openSync(path, 'r');
  let files: (Central & { base: string })[];
  const starts: number[] = [];
  try {
    const size = fstatSync(fd).size;
    const readAt: ReadAt = (offset, len) => {
      const b = Buffer.alloc(Math.max(0, Math.min(len, size - offset)));
      if (b.length) readSync(fd, b, 0, b.length, offset);
      return b;
    };
    files = checkEntries(centralDirectory(readAt, size, L.maxEntries, limits.allowZip64), L, limits, true);
    for (const e of files) starts.push(dataStart(readAt, size, e));
  } finally {
    closeSync(fd);
  }
  const total = files.reduce((a, e) => a + e.usize, 0);
  let done = 0;
  for (let i = 0; i < files.length; i++) {
    const e = files[i]!;
    const target = join(destDir, ...e.name.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    let written = 0;
    let crc = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        written += chunk.length;
        // an entry that inflates past its declared size lies about it (a bomb): stop at once
        if (written > e.usize) return cb(new Error('size'));
        crc = crc32(chunk, crc);
        cb(null, chunk);
      },
    });
    const source = e.csize === 0 ? [] : createReadStream(path, { start: starts[i], end: starts[i]! + e.csize - 1 });
    try {
      if (e.method === 0) await pipeline(source, meter, createWriteStream(target, { flags: 'wx' }));
      else await pipeline(source, createInflateRaw(), meter, createWriteStream(target, { flags: 'wx' }));
    } catch {
      fail([UPLOAD_MESSAGES.corrupt(e.name)]);
    }
    if (written !== e.usize || (crc >>> 0) !== e.crc) fail([UPLOAD_MESSAGES.corrupt(e.name)]);
    done += e.usize;
    onProgress?.(done, total);
  }
  return { files: files.map((e) => e.name), bytes: total };
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
