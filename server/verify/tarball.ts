/**
 * Reads one file out of an npm package tarball (gzip'd ustar, entries under `package/`). Only what
 * npm publishes: plain files, directories, PAX and GNU long-name headers. No file is written and no
 * path from the archive is ever used on disk: the caller names the entry it wants.
 */
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

function field(buf: Buffer, start: number, length: number): string {
  const raw = buf.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8');
}

function octal(buf: Buffer, start: number, length: number): number {
  const text = field(buf, start, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error('not a tar archive (bad size field)');
  return text === '' ? 0 : parseInt(text, 8);
}

/** The PAX `path=` record of an extended header, if any. */
function paxPath(body: Buffer): string | null {
  for (const record of body.toString('utf8').split('\n')) {
    const m = /^\d+ path=(.*)$/.exec(record);
    if (m && m[1] !== undefined) return m[1];
  }
  return null;
}

/**
 * The content of `wanted` (e.g. "package/soljson.js") in the gzip'd tarball, or null when the
 * archive holds no such file. Throws on a damaged archive.
 */
export function readTarballEntry(tgz: Buffer, wanted: string): Buffer | null {
  const tar = gunzipSync(tgz, { maxOutputLength: 512 * 1024 * 1024 });
  let offset = 0;
  let nextName: string | null = null;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return null; // end of archive
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const bodyStart = offset + BLOCK;
    const body = tar.subarray(bodyStart, bodyStart + size);
    if (body.length < size) throw new Error('not a tar archive (truncated entry)');
    offset = bodyStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') {
      nextName = paxPath(body) ?? nextName;
      continue;
    }
    if (type === 'L') {
      nextName = field(body, 0, body.length);
      continue;
    }
    if (type === 'g') continue;
    const prefix = field(header, 345, 155);
    const name = nextName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    nextName = null;
    if ((type === '0' || type === '\0') && name === wanted) return Buffer.from(body);
  }
  return null;
}
