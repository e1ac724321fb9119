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
  type AccessReason,
  type AccessRole,
  type ExportSection,
  type PersonalDataExport,
  type SharedDetail,
} from '@home-energy/shared/schemas/privacy';
import type { MailLanguage } from '@home-energy/shared/schemas/mail-language';
import type { LoginMethod, IdentificationMode } from '@home-energy/shared/schemas/bankid';
import type { InteractionAction } from '@home-energy/shared/schemas/activity-keys';
import { LEAD_STATUSES, type LeadStatus } from '@home-energy/shared/schemas/installer-leads';
import type { LoanType } from '@home-energy/shared/finance/loan-terms';
import type { Consumption, Rates } from '@home-energy/shared/schemas/property-flow';
import { formatsFor } from '@home-energy/shared/format/formats';
import { formatDate, formatDateTime } from '@home-energy/shared/format/date';
import { PRIVACY_WORDS } from '@home-energy/shared/i18n/privacy';
import { measureName, statusName } from '../mail/templates';
import type { Db } from '../../db/client';
import type { ObjectStore } from '../../storage/object-store';
import type { PersonalNumberVault } from '../../bankid/personal-number';
import { exportFrom, PERSONAL_DATA, type Person, type PersonalTable } from './personal-data';
import { mailCopiesAbout, mailNeedles, type MailCopy } from './mail-copies';
import { answerLines, consumptionLines, planLines, priceLines, type Line } from './home-words';
import { questionSet } from '../questions/repository';
import { defaultQuestions } from '../questions/catalogue';
import type { StoredPlan } from '../building/repository';
import en from './locales/en.json';
import sv from './locales/sv.json';

const TEXTS = { sv, en };
type Texts = typeof en;

/**
 * The codes the readable page words, each list typed so that a new code is a type error until it has its words.
 * Roles, pages and shared details are the homeowner's words of My homes (shared/src/i18n/privacy.ts); statuses of a
 * request the mails' (mail/templates), measures the shared energy names.
 */
interface ValueWords {
  yes: string;
  no: string;
  languages: Record<MailLanguage, string>;
  relations: Record<'flow_added' | 'profile_added' | 'miniflow_added', string>;
  outcomes: Record<PersonalDataExport['answer_reviews'][number]['outcome'], string>;
  documentStatuses: Record<PersonalDataExport['documents'][number]['status'], string>;
  loginMethods: Record<LoginMethod, string>;
  purposes: Record<IdentificationMode, string>;
  bankidStatuses: Record<'pending' | 'complete' | 'failed', string>;
  interactions: Record<InteractionAction | 'other', string>;
  interactionObjects: Record<string, string>;
  /** A plan's loan, and the loan type a homeowner chose in the flow (an interaction's object). */
  loanTypes: Record<LoanType, string>;
  dataRequests: Record<'privacy.export' | 'privacy.erase', string>;
  historyEntry: string;
}
const VALUE_WORDS: Record<MailLanguage, ValueWords> = { sv: sv.values, en: en.values };

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

/** A moment as data.json writes it (ISO 8601 with a zone), and a calendar day. */
const ISO_MOMENT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;
const ISO_DAY = /^\d{4}-\d\d-\d\d$/;

const capitalised = (text: string, language: MailLanguage) =>
  text.charAt(0).toLocaleUpperCase(language) + text.slice(1);

/** A word for a code, or the code itself when a newer version of the product wrote one this one has no word for. */
const wordFor = (words: Record<string, string>, code: unknown) =>
  Object.hasOwn(words, String(code)) ? words[String(code)]! : String(code);

const isLeadStatus = (code: unknown): code is LeadStatus => (LEAD_STATUSES as readonly unknown[]).includes(code);
const leadStatusWords = (language: MailLanguage, code: unknown) =>
  isLeadStatus(code) ? capitalised(statusName(language, code), language) : String(code);

/**
 * A value as a person reads it on the page: every code in words, times in Swedish time, yes or no, figures with their
 * decimal sign; undefined for a value that is already text (a name, an address, a note). A home's answers, prices,
 * consumption and plan have tables of their own (`writeHomeProfile`, in the words of home-words.ts).
 */
export function valueText(
  language: MailLanguage,
  section: ExportSection,
  key: string,
  value: unknown,
): string | undefined {
  const words = VALUE_WORDS[language];
  const privacy = PRIVACY_WORDS[language];
  if (section === 'access_log' && key === 'organisation' && value === '') return privacy.access.operator;
  if (value == null || value === '') return undefined;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  switch (`${section}.${key}`) {
    case 'profile.mail_language':
      return wordFor(words.languages, value);
    case 'homes.relation':
      return wordFor(words.relations, value);
    case 'answer_reviews.outcome':
      return wordFor(words.outcomes, value);
    case 'documents.status':
      return wordFor(words.documentStatuses, value);
    case 'installer_requests.status':
      return leadStatusWords(language, value);
    case 'installer_requests.history':
      return (value as { status: string; at: string }[])
        .map((entry) =>
          words.historyEntry
            .replace('{{status}}', leadStatusWords(language, entry.status))
            .replace('{{at}}', formatDateTime(entry.at, language)),
        )
        .join('; ');
    case 'installer_requests.measure':
    case 'consents.measure':
      return measureName(language, String(value));
    case 'consents.shared':
      return capitalised(
        (value as SharedDetail[]).map((detail) => wordFor(privacy.sharedDetails, detail)).join(', '),
        language,
      );
    case 'access_log.role':
      return capitalised(privacy.access.roles[value as AccessRole] ?? String(value), language);
    case 'access_log.reason':
      return capitalised(privacy.access.reasons[value as AccessReason] ?? String(value), language);
    case 'bankid_orders.login_method':
      return wordFor(words.loginMethods, value);
    case 'bankid_orders.purpose':
      return wordFor(words.purposes, value);
    case 'bankid_orders.status':
      return wordFor(words.bankidStatuses, value);
    case 'interactions.action':
      // What the remotes report has words; anything else a client sent is "another step", never its code.
      return Object.hasOwn(words.interactions, String(value))
        ? words.interactions[value as InteractionAction]
        : words.interactions.other;
    case 'interactions.object':
      return wordFor({ ...words.interactionObjects, ...words.loanTypes }, value);
    case 'home_profiles.calculated_ep':
    case 'documents.ep':
      return typeof value === 'number' ? formatsFor(language).number(value, { maxDecimals: 1 }) : undefined;
    case 'documents.size_bytes':
      return typeof value === 'number' ? formatsFor(language).number(value) : undefined;
    case 'data_requests.action':
      return wordFor(words.dataRequests, value);
  }
  if (typeof value === 'string' && ISO_MOMENT.test(value)) return formatDateTime(value, language);
  if (typeof value === 'string' && ISO_DAY.test(value)) return formatDate(value, language);
  return undefined;
}

function cell(language: MailLanguage, section: ExportSection, key: string, value: unknown, texts: Texts): string {
  const worded = valueText(language, section, key, value);
  if (worded !== undefined) return `<td>${escapeHtml(worded)}</td>`;
  if (value == null || value === '') return '<td>–</td>';
  if (key === 'file' && typeof value === 'string')
    return `<td><a href="${escapeHtml(String(value))}">${escapeHtml(texts.file)}</a></td>`;
  const text = typeof value === 'object' ? JSON.stringify(value, null, 1) : String(value);
  return typeof value === 'object' ? `<td><pre>${escapeHtml(text)}</pre></td>` : `<td>${escapeHtml(text)}</td>`;
}

/** The organisation a homeowner came through, by its name (data.json names it by its slug). */
async function brandName(db: Db, slug: unknown): Promise<unknown> {
  if (typeof slug !== 'string') return slug;
  const { rows } = await db.execute<{ name: string }>(sql`select name from organisations where slug = ${slug}`);
  return rows[0]?.name ?? slug;
}

/** A table: its column heads, then its lines; `rowHeads`: each line's first cell names it (a term and its value). */
function table(heads: readonly string[], lines: readonly Line[], rowHeads: boolean): string {
  const head = heads.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = lines.map((cells) => {
    const [first, ...rest] = cells.map((c) => escapeHtml(c));
    const lead = rowHeads ? `<th scope="row">${first}</th>` : `<td>${first}</td>`;
    return `<tr>${lead}${rest.map((c) => `<td>${c}</td>`).join('')}</tr>`;
  });
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body.join('\n')}\n</tbody></table>\n`;
}

/** The parts of a home's profile that have tables of their own on the page, each under its field's heading. */
const HOME_PARTS = ['answers', 'rates', 'consumption', 'plan'] as const;

/** Question sets by organisation (null: the platform's), read once per export. */
type QuestionSets = Map<number | null, Awaited<ReturnType<typeof questionSet>>>;

/**
 * One home of the person's: its address, its facts a field a line, then its answers (the questions of the set it was
 * answered under, in their order), prices, metered consumption and plan, each a table in words.
 */
async function writeHomeProfile(
  deps: ExportDeps,
  out: Writable,
  person: Person,
  language: MailLanguage,
  row: Row,
  questionSets: QuestionSets,
): Promise<void> {
  const texts = TEXTS[language];
  const words = texts.home;
  const { rows } = await deps.db.execute<{ name: string | null; organisation_id: number | null }>(
    sql`select p.name, b.organisation_id from building_profiles b join properties p on p.id = b.property_id
      where b.homeowner_id = ${person.homeownerId} and b.property_id = ${row.property_id as number}`,
  );
  const organisation = rows[0]?.organisation_id ?? null;
  let questions = questionSets.get(organisation);
  if (!questions) {
    questions = await questionSet(deps.db, organisation);
    questionSets.set(organisation, questions);
  }
  const heading = (key: string) => escapeHtml(fieldHeading(language, 'home_profiles', key));
  const address =
    rows[0]?.name ?? `${fieldHeading(language, 'home_profiles', 'property_id')} ${String(row.property_id)}`;
  const facts = Object.keys(row).filter((key) => !(HOME_PARTS as readonly string[]).includes(key));
  const factLines = facts.map(
    (key) => `<tr><th scope="row">${heading(key)}</th>${cell(language, 'home_profiles', key, row[key], texts)}</tr>`,
  );
  const part = (key: (typeof HOME_PARTS)[number], html: string | null) =>
    `<h4>${heading(key)}</h4>\n${html ?? `<p>${escapeHtml(texts.empty)}</p>\n`}`;
  const answers = answerLines(language, questions, defaultQuestions(), (row.answers ?? {}) as Record<string, unknown>);
  const prices = priceLines(language, (row.rates ?? null) as Rates | null);
  const consumption = consumptionLines(language, (row.consumption ?? null) as Consumption | null);
  const plan = planLines(language, (row.plan ?? null) as StoredPlan | null);
  await write(
    out,
    `<h3>${escapeHtml(address)}</h3>\n` +
      `<table><thead><tr><th scope="col">${escapeHtml(texts.field)}</th><th scope="col">${escapeHtml(texts.value)}` +
      `</th></tr></thead><tbody>\n${factLines.join('\n')}\n</tbody></table>\n` +
      `<h4>${heading('answers')}</h4>\n` +
      (answers.length > 0
        ? table([words.question, words.answer], answers, true)
        : `<p>${escapeHtml(words.noAnswers)}</p>\n`) +
      part(
        'rates',
        prices.length > 0 ? table([words.carrier, words.side, words.price, words.components], prices, false) : null,
      ) +
      part(
        'consumption',
        consumption.rows.length > 0
          ? table([words.period, words.carrier, words.kwh], consumption.rows, false) +
              table([texts.field, texts.value], consumption.details, true)
          : null,
      ) +
      part('plan', plan.length > 0 ? table([texts.field, texts.value], plan, true) : null),
  );
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
  const questionSets: QuestionSets = new Map();
  for (const section of EXPORT_SECTIONS) {
    await write(out, `<h2>${escapeHtml(texts.sections[section])}</h2>\n`);
    let columns: string[] | null = null;
    for await (const row of sectionRows(deps, section, person, mails)) {
      if (section === 'home_profiles') {
        columns = Object.keys(row);
        await writeHomeProfile(deps, out, person, language, row, questionSets);
        continue;
      }
      if (section === 'profile') {
        // One person: a field per line reads better than one row a dozen columns wide; the brand by its name.
        const profile: Row = { ...row, brand: await brandName(deps.db, row.brand) };
        columns = Object.keys(profile);
        const head =
          `<thead><tr><th scope="col">${escapeHtml(texts.field)}</th>` +
          `<th scope="col">${escapeHtml(texts.value)}</th></tr></thead>`;
        const lines = columns.map(
          (c) => `<tr><th scope="row">${heading(section, c)}</th>${cell(language, section, c, profile[c], texts)}</tr>`,
        );
        await write(out, `<table>${head}<tbody>\n${lines.join('\n')}\n`);
        continue;
      }
      if (!columns) {
        columns = Object.keys(row);
        const heads = columns.map((c) => `<th scope="col">${heading(section, c)}</th>`).join('');
        await write(out, `<table><thead><tr>${heads}</tr></thead><tbody>\n`);
      }
      await write(out, `<tr>${columns.map((c) => cell(language, section, c, row[c], texts)).join('')}</tr>\n`);
    }
    if (!columns) await write(out, `<p>${escapeHtml(texts.empty)}</p>\n`);
    else if (section !== 'home_profiles') await write(out, '</tbody></table>\n');
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
