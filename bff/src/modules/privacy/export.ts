import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import {
  EXPORT_FORMAT,
  EXPORT_SECTIONS,
  EXPORT_VERSION,
  type ExportSection,
} from '@home-energy/shared/schemas/privacy';
import type { MailLanguage } from '@home-energy/shared/schemas/mail-language';
import { formatDateTime } from '@home-energy/shared/format/date';
import type { Db } from '../../db/client';
import type { ObjectStore } from '../../storage/object-store';
import type { PersonalNumberVault } from '../../bankid/personal-number';
import { exportFrom, PERSONAL_DATA, type Person, type PersonalTable } from './personal-data';
import { mailCopiesAbout, mailNeedles, type MailCopy } from './mail-copies';
import en from './locales/en.json';
import sv from './locales/sv.json';

const TEXTS = { sv, en };
type Texts = typeof en;

/**
 * A field's heading on the readable page, in words: the section's own word for it (a home's `name` is its address),
 * else the field's; a field no text names yet (a new section's) shows with spaces for its underscores.
 */
export function fieldHeading(language: MailLanguage, section: ExportSection, key: string): string {
  const texts: Texts = TEXTS[language];
  const own = (texts.sectionColumns as Partial<Record<string, Record<string, string>>>)[section]?.[key];
  return own ?? (texts.columns as Partial<Record<string, string>>)[key] ?? key.replaceAll('_', ' ');
}
/** Rows read per query: the export never holds more than one page of a table. */
export const EXPORT_PAGE_ROWS = 200;

export interface ExportDeps {
  db: Db;
  vault: PersonalNumberVault;
  /** Where documents live when not in the database (S3); null: every document is in the database. */
  documentStore: ObjectStore | null;
  outboxDir: string;
  now?: () => number;
}

type Row = Record<string, unknown>;

const sources = new Map<ExportSection, PersonalTable>(
  PERSONAL_DATA.filter((t) => t.export).map((t) => [t.export!.section, t]),
);

/** Every section has a table or the outbox. */
export function sectionSource(section: ExportSection): PersonalTable | 'outbox' {
  const table = sources.get(section);
  if (table) return table;
  if (section === 'mails') return 'outbox';
  throw new Error(`data.json section ${section} has no source in personal-data.ts`);
}

const isoOrNull = (value: unknown) => (value == null ? null : (isoTime(value) as string));

/** PostgreSQL's text of a timestamp (`2026-12-06 10:00:00.123+00`, or without a zone: UTC) as ISO 8601. */
const PG_TIMESTAMP = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d(?:\.\d+)?)([+-]\d\d)?(?::?(\d\d))?$/;

function isoTime(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  const match = typeof value === 'string' ? PG_TIMESTAMP.exec(value) : null;
  if (!match) return value;
  const zone = match[3] ? `${match[3]}:${match[4] ?? '00'}` : 'Z';
  return new Date(`${match[1]}T${match[2]}${zone}`).toISOString();
}

function dated(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) out[key] = isoTime(value);
  return out;
}

/** A request's statuses in order: sent, contacted and quoted when reached, then where it ended. */
function withHistory(row: Row): Row {
  const { contacted_at, quoted_at, status_changed_at, withdrawn_at, ...rest } = row;
  const history = [{ status: 'new', at: isoOrNull(rest.created_at)! }];
  if (contacted_at) history.push({ status: 'contacted', at: isoOrNull(contacted_at)! });
  if (quoted_at) history.push({ status: 'quoted', at: isoOrNull(quoted_at)! });
  const last = rest.status === 'withdrawn' ? withdrawn_at : status_changed_at;
  if (!['new', 'contacted', 'quoted'].includes(rest.status as string) && last)
    history.push({ status: rest.status as string, at: isoOrNull(last)! });
  return { ...rest, history };
}

/** The person's rows of one table, a page at a time, as data.json has them. */
async function* tableRows(deps: ExportDeps, table: PersonalTable, person: Person): AsyncGenerator<Row> {
  const spec = table.export!;
  for (let offset = 0; ; offset += EXPORT_PAGE_ROWS) {
    const { rows } = await deps.db.execute<Row>(
      sql`select ${spec.columns} from ${exportFrom(table)} where ${table.where(person)}
        order by ${spec.orderBy} limit ${EXPORT_PAGE_ROWS} offset ${offset}`,
    );
    for (const row of rows) {
      if (spec.section === 'profile') {
        const { personal_number_encrypted, ...rest } = row;
        yield dated({ personal_number: deps.vault.decrypt(personal_number_encrypted as string), ...rest });
      } else if (spec.section === 'installer_requests') yield dated(withHistory(row));
      else if (spec.section === 'documents') yield dated({ ...row, file: `documents/${row.file as string}` });
      else yield dated(row);
    }
    if (rows.length < EXPORT_PAGE_ROWS) return;
  }
}

async function* sectionRows(
  deps: ExportDeps,
  section: ExportSection,
  person: Person,
  mails: readonly MailCopy[],
): AsyncGenerator<Row> {
  const source = sectionSource(section);
  if (source === 'outbox') {
    for (const m of mails)
      yield { file: `mails/${m.id}.eml`, date: m.date.toISOString(), to: m.to, subject: m.subject };
    return;
  }
  yield* tableRows(deps, source, person);
}

/** Writes to a stream, waiting while it is full: the archive takes data at the pace the client reads it. */
async function write(out: Writable, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

async function writeJson(
  deps: ExportDeps,
  out: Writable,
  person: Person,
  language: MailLanguage,
  mails: readonly MailCopy[],
): Promise<void> {
  const head = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    generated_at: new Date(deps.now?.() ?? Date.now()).toISOString(),
    language,
  };
  await write(out, JSON.stringify(head, null, 2).slice(0, -2));
  for (const section of EXPORT_SECTIONS) {
    if (section === 'profile') {
      let profile: Row | null = null;
      for await (const row of sectionRows(deps, section, person, mails)) profile = row;
      await write(out, `,\n  "profile": ${JSON.stringify(profile)}`);
      continue;
    }
    await write(out, `,\n  ${JSON.stringify(section)}: [`);
    let first = true;
    for await (const row of sectionRows(deps, section, person, mails)) {
      await write(out, `${first ? '\n    ' : ',\n    '}${JSON.stringify(row)}`);
      first = false;
    }
    await write(out, first ? ']' : '\n  ]');
  }
  await write(out, '\n}\n');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function cell(key: string, value: unknown, texts: Texts): string {
  if (value == null || value === '') return '<td>–</td>';
  if (key === 'file' && typeof value === 'string')
    return `<td><a href="${escapeHtml(String(value))}">${escapeHtml(texts.file)}</a></td>`;
  const text = typeof value === 'object' ? JSON.stringify(value, null, 1) : String(value);
  return typeof value === 'object' ? `<td><pre>${escapeHtml(text)}</pre></td>` : `<td>${escapeHtml(text)}</td>`;
}

async function writeHtml(
  deps: ExportDeps,
  out: Writable,
  person: Person,
  language: MailLanguage,
  mails: readonly MailCopy[],
): Promise<void> {
  const texts = TEXTS[language];
  const date = formatDateTime(deps.now?.() ?? Date.now(), language);
  await write(
    out,
    `<!doctype html>\n<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(texts.title)}</title>` +
      '<style>body{font-family:sans-serif;line-height:1.5;margin:2rem;max-width:70rem}' +
      'table{border-collapse:collapse;margin-bottom:1rem}th,td{border:1px solid #ccc;padding:.25rem .5rem;' +
      'text-align:left;vertical-align:top}pre{margin:0;white-space:pre-wrap}</style></head><body>\n' +
      `<h1>${escapeHtml(texts.title)}</h1>\n<p>${escapeHtml(texts.intro.replace('{{date}}', date))}</p>\n`,
  );
  const heading = (section: ExportSection, key: string) => escapeHtml(fieldHeading(language, section, key));
  for (const section of EXPORT_SECTIONS) {
    await write(out, `<h2>${escapeHtml(texts.sections[section])}</h2>\n`);
    let columns: string[] | null = null;
    for await (const row of sectionRows(deps, section, person, mails)) {
      if (section === 'profile') {
        // One person: a field per line reads better than one row a dozen columns wide.
        columns = Object.keys(row);
        const head =
          `<thead><tr><th scope="col">${escapeHtml(texts.field)}</th>` +
          `<th scope="col">${escapeHtml(texts.value)}</th></tr></thead>`;
        const lines = columns.map(
          (c) => `<tr><th scope="row">${heading(section, c)}</th>${cell(c, row[c], texts)}</tr>`,
        );
        await write(out, `<table>${head}<tbody>\n${lines.join('\n')}\n`);
        continue;
      }
      if (!columns) {
        columns = Object.keys(row);
        const heads = columns.map((c) => `<th scope="col">${heading(section, c)}</th>`).join('');
        await write(out, `<table><thead><tr>${heads}</tr></thead><tbody>\n`);
      }
      await write(out, `<tr>${columns.map((c) => cell(c, row[c], texts)).join('')}</tr>\n`);
    }
    await write(out, columns ? '</tbody></table>\n' : `<p>${escapeHtml(texts.empty)}</p>\n`);
  }
  await write(out, '</body></html>\n');
}

/** Adds one entry written by `fill` and waits until the archive has taken all of it. */
async function addWritten(zip: ZipFile, name: string, fill: (out: Writable) => Promise<void>): Promise<void> {
  const out = new PassThrough();
  zip.addReadStream(out, name, { compress: true });
  await fill(out);
  out.end();
  await once(out, 'end');
}

/** A document's bytes when it is its turn in the archive: from the database, or the object store. */
function documentStream(deps: ExportDeps, id: string): Promise<NodeJS.ReadableStream> {
  return (async () => {
    const { rows } = await deps.db.execute<{ content: Buffer | null }>(
      sql`select content from epc_documents where id = ${id}`,
    );
    const content = rows[0]?.content;
    // A view of the bytes the database answered, not a second copy of a file of up to 10 MB.
    if (content) return Readable.from([Buffer.from(content.buffer, content.byteOffset, content.byteLength)]);
    const object = await deps.documentStore?.get(id);
    return object ? object.body : Readable.from([]);
  })();
}

/**
 * The archive of everything the product holds about the person, streamed to `out`: data.json, index.html, the
 * documents' files and the mails' copies. Tables are read a page at a time and each file when the archive reaches it,
 * so memory stays flat whatever the person holds.
 */
export async function streamPersonalData(
  deps: ExportDeps,
  person: Person,
  language: MailLanguage,
  out: Writable,
): Promise<void> {
  const zip = new ZipFile();
  const piped = new Promise<void>((resolve, reject) => {
    zip.outputStream.on('error', reject);
    out.on('error', reject);
    out.on('close', resolve);
    out.on('finish', resolve);
  });
  zip.outputStream.pipe(out);
  const mails: MailCopy[] = [];
  for await (const copy of mailCopiesAbout(deps.outboxDir, await mailNeedles(deps.db, person.homeownerId)))
    mails.push(copy);
  await addWritten(zip, 'data.json', (o) => writeJson(deps, o, person, language, mails));
  await addWritten(zip, 'index.html', (o) => writeHtml(deps, o, person, language, mails));
  const documents = PERSONAL_DATA.find((t) => t.export?.section === 'documents')!;
  for await (const doc of tableRows(deps, documents, person)) {
    const id = doc.id as string;
    zip.addReadStreamLazy(doc.file as string, { compress: false }, (done) =>
      documentStream(deps, id).then(
        (stream) => done(null, stream),
        (error: unknown) => done(error, Readable.from([])),
      ),
    );
  }
  for (const mail of mails)
    zip.addReadStreamLazy(`mails/${mail.id}.eml`, (done) =>
      done(null, fs.createReadStream(path.join(deps.outboxDir, mail.name))),
    );
  zip.end();
  await piped;
}

/** `home-energy-data-2026-12-06.zip`: the archive's name when downloaded. */
export function exportFileName(now: number): string {
  return `home-energy-data-${new Date(now).toISOString().slice(0, 10)}.zip`;
}
