import { crc32 } from 'node:zlib';

export interface AsciiZipEntry {
  readonly name: string;
  readonly text: string;
}

/** 2026-03-20 in the MS-DOS date of a ZIP header: both of its bytes are below 0x80. */
const DOS_DATE = ((2026 - 1980) << 9) | (3 << 5) | 20;

/**
 * A ZIP archive (stored entries, no compression) whose every byte is below 0x80, as a
 * string: the OpenAPI document can carry it as the example of an upload, and a client
 * that sends that string as UTF-8 sends the archive's exact bytes. Each entry's text
 * gets the fewest trailing blanks that make its checksum, size and the next offset
 * ASCII; a comment of blanks on the last directory entry does the same for the
 * directory's size.
 */
export function asciiZip(entries: readonly AsciiZipEntry[]): string {
  const padded: AsciiZipEntry[] = [];
  let offset = 0;
  for (const entry of entries) {
    const fits = (text: string) => {
      const data = Buffer.from(text, 'ascii');
      const next = offset + 30 + entry.name.length + data.length;
      return isAscii(uint32(crc32(data))) && isAscii(uint32(data.length)) && isAscii(uint32(next));
    };
    let text = entry.text;
    while (!fits(text)) text += ' ';
    padded.push({ ...entry, text });
    offset += 30 + entry.name.length + text.length;
  }
  const names = entries.reduce((n, e) => n + 46 + e.name.length, 0);
  let comment = 0;
  while (!isAscii(uint32(names + comment))) comment++;
  return storedZip(padded, comment).toString('latin1');
}

const uint32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

const isAscii = (bytes: Buffer): boolean => bytes.every((b) => b < 0x80);

function storedZip(entries: readonly AsciiZipEntry[], lastComment: number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  entries.forEach((entry, i) => {
    const name = Buffer.from(entry.name, 'ascii');
    const data = Buffer.from(entry.text, 'ascii');
    const fields = { crc: crc32(data), size: data.length, nameLength: name.length };
    const local = header(0x04034b50, fields, 30);
    const central = header(0x02014b50, fields, 46);
    central.writeUInt32LE(offset, 42);
    const comment = Buffer.alloc(i === entries.length - 1 ? lastComment : 0, ' ');
    central.writeUInt16LE(comment.length, 32);
    locals.push(local, name, data);
    centrals.push(central, name, comment);
    offset += local.length + name.length + data.length;
  });
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  const archive = Buffer.concat([...locals, directory, end]);
  if (!isAscii(archive)) throw new Error('the archive has a byte above 0x7f');
  return archive;
}
/** A local (30 bytes) or central (46 bytes) header of a stored entry; the rest of its fields are 0. */
function header(signature: number, f: { crc: number; size: number; nameLength: number }, length: 30 | 46): Buffer {
  const b = Buffer.alloc(length);
  b.writeUInt32LE(signature, 0);
  const at = length === 46 ? 2 : 0; // a central header adds "version made by"
  b.writeUInt16LE(10, 4 + at); // version needed: 1.0, stored
  b.writeUInt16LE(DOS_DATE, 12 + at);
  b.writeUInt32LE(f.crc, 14 + at);
  b.writeUInt32LE(f.size, 18 + at);
  b.writeUInt32LE(f.size, 22 + at);
  b.writeUInt16LE(f.nameLength, 26 + at);
  return b;
}
