import { Readable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A minimal XLSX writer (one sheet, text and number cells): the five parts Excel needs, zipped with deflate,
 * written as a stream. Rows come from an async iterable and leave as compressed bytes, so an export of any size
 * holds only a row batch and zlib's window in memory. Enough for exports without a spreadsheet dependency.
 */
export type Cell = string | number;

const xmlEscape = (s: string) =>
  s
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c)
    // Control characters other than tab and line breaks cannot appear in XML 1.0 at all.
    .split('')
    .filter((ch) => ch.charCodeAt(0) >= 0x20 || ch === '\t' || ch === '\n' || ch === '\r')
    .join('');

const column = (i: number): string =>
  i < 26 ? String.fromCharCode(65 + i) : column(Math.floor(i / 26) - 1) + column(i % 26);

function rowXml(row: Cell[], r: number): string {
  const cells = row
    .map((v, c) => {
      const ref = `${column(c)}${r}`;
      return typeof v === 'number' && Number.isFinite(v)
        ? `<c r="${ref}"><v>${v}</v></c>`
        : `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlEscape(String(v))}</t></is></c>`;
    })
    .join('');
  return `<row r="${r}">${cells}</row>`;
}

/** The worksheet XML, a few hundred rows per chunk. */
async function* sheetXml(rows: AsyncIterable<Cell[]> | Iterable<Cell[]>): AsyncGenerator<Buffer> {
  yield Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`);
  let r = 0;
  let batch: string[] = [];
  for await (const row of rows) {
    batch.push(rowXml(row, ++r));
    if (batch.length >= 500) {
      yield Buffer.from(batch.join(''));
      batch = [];
    }
  }
  yield Buffer.from(`${batch.join('')}</sheetData></worksheet>`);
}

const part = (s: string) => Buffer.from(s, 'utf8');

function staticParts(sheetName: string): { name: string; data: Buffer }[] {
  return [
    {
      name: '[Content_Types].xml',
      data: part(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`),
    },
    {
      name: '_rels/.rels',
      data: part(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    },
    {
      name: 'xl/workbook.xml',
      data: part(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlEscape(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: part(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    },
  ];
}

interface Entry {
  name: Buffer;
  crc: number;
  packed: number;
  size: number;
  offset: number;
  /** Sizes follow the data in a descriptor (general-purpose bit 3): the streamed part. */
  streamed: boolean;
}

function localHeader(e: Entry): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4); // version needed
  h.writeUInt16LE(e.streamed ? 0x0808 : 0x0800, 6); // UTF-8 names (+ data descriptor)
  h.writeUInt16LE(8, 8); // deflate
  h.writeUInt32LE(0, 10); // time/date
  h.writeUInt32LE(e.streamed ? 0 : e.crc, 14);
  h.writeUInt32LE(e.streamed ? 0 : e.packed, 18);
  h.writeUInt32LE(e.streamed ? 0 : e.size, 22);
  h.writeUInt16LE(e.name.length, 26);
  h.writeUInt16LE(0, 28);
  return h;
}

function centralHeader(e: Entry): Buffer {
  const c = Buffer.alloc(46);
  c.writeUInt32LE(0x02014b50, 0);
  c.writeUInt16LE(20, 4);
  c.writeUInt16LE(20, 6);
  c.writeUInt16LE(e.streamed ? 0x0808 : 0x0800, 8);
  c.writeUInt16LE(8, 10);
  c.writeUInt32LE(0, 12);
  c.writeUInt32LE(e.crc, 16);
  c.writeUInt32LE(e.packed, 20);
  c.writeUInt32LE(e.size, 24);
  c.writeUInt16LE(e.name.length, 28);
  c.writeUInt32LE(e.offset, 42);
  return c;
}

/** The workbook as a stream of bytes: the static parts, then the sheet deflated as its rows arrive. */
export async function* xlsxStream(
  sheetName: string,
  rows: AsyncIterable<Cell[]> | Iterable<Cell[]>,
): AsyncGenerator<Buffer> {
  const entries: Entry[] = [];
  let offset = 0;
  for (const f of staticParts(sheetName)) {
    const packed = deflateRawSync(f.data);
    const e: Entry = {
      name: Buffer.from(f.name, 'utf8'),
      crc: crc32(f.data),
      packed: packed.length,
      size: f.data.length,
      offset,
      streamed: false,
    };
    const head = localHeader(e);
    yield Buffer.concat([head, e.name, packed]);
    offset += head.length + e.name.length + packed.length;
    entries.push(e);
  }
  const sheet: Entry = {
    name: Buffer.from('xl/worksheets/sheet1.xml', 'utf8'),
    crc: 0,
    packed: 0,
    size: 0,
    offset,
    streamed: true,
  };
  const head = localHeader(sheet);
  yield Buffer.concat([head, sheet.name]);
  offset += head.length + sheet.name.length;
  const source = Readable.from(
    (async function* () {
      for await (const chunk of sheetXml(rows)) {
        sheet.crc = crc32(chunk, sheet.crc);
        sheet.size += chunk.length;
        yield chunk;
      }
    })(),
  );
  for await (const packed of source.pipe(createDeflateRaw()) as AsyncIterable<Buffer>) {
    sheet.packed += packed.length;
    yield packed;
  }
  offset += sheet.packed;
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(sheet.crc, 4);
  descriptor.writeUInt32LE(sheet.packed, 8);
  descriptor.writeUInt32LE(sheet.size, 12);
  yield descriptor;
  offset += descriptor.length;
  entries.push(sheet);
  const dir = Buffer.concat(entries.flatMap((e) => [centralHeader(e), e.name]));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([dir, end]);
}

/** A small workbook in one buffer (record exports of a bounded size). */
export async function xlsx(sheetName: string, rows: Cell[][]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const b of xlsxStream(sheetName, rows)) parts.push(b);
  return Buffer.concat(parts);
}
