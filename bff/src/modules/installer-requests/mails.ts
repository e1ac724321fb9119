import { and, eq, inArray } from 'drizzle-orm';
import type { LeadStatus } from '@home-energy/shared/schemas/installer-leads';
import type { Db } from '../../db/client';
import { homeowners, installerRequests, memberships, organisations, properties, staffUsers } from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import { mailLanguageOf } from '../mail/language';
import { eitherOf, mailDateTime, measureName, renderMail, statusName, type MailLanguage } from '../mail/templates';
import { verifiedEmailOf } from '../homeowner/email-verification';
import type { Mail } from '../mail/transport';
import { MY_HOMES_PATH } from '@home-energy/shared/mfe/pages';
import { formatAddress } from '@home-energy/shared/format/postcode';

/** Where the homeowner follows their requests ("My homes"). */

async function requestFacts(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: installerRequests.id,
      installerName: installerRequests.installerName,
      activityKey: installerRequests.activityKey,
      contactEmail: installerRequests.contactEmail,
      contactMobile: installerRequests.contactMobile,
      installerOrganisationId: installerRequests.installerOrganisationId,
      street: properties.street,
      postalCode: properties.postalCode,
      postalCity: properties.postalCity,
      homeowner: homeowners.name,
      homeownerLanguage: homeowners.mailLanguage,
      homeownerEmail: homeowners.contactEmail,
      homeownerEmailVerifiedAt: homeowners.contactEmailVerifiedAt,
      createdAt: installerRequests.createdAt,
      personalDataRemovedAt: installerRequests.personalDataRemovedAt,
    })
    .from(installerRequests)
    .innerJoin(properties, eq(properties.id, installerRequests.propertyId))
    .innerJoin(homeowners, eq(homeowners.id, installerRequests.homeownerId))
    .where(inArray(installerRequests.id, ids));
}

/** The active staff of an installer organisation: who hears of its new leads. */
async function organisationStaff(db: Db, organisationId: number) {
  const rows = await db
    .select({
      email: staffUsers.email,
      mailLanguage: staffUsers.mailLanguage,
      organisation: organisations.name,
      slug: organisations.slug,
    })
    .from(memberships)
    .innerJoin(staffUsers, eq(staffUsers.id, memberships.userId))
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(
      and(eq(memberships.organisationId, organisationId), eq(staffUsers.active, true), eq(organisations.active, true)),
    );
  const people = rows.map((r) => ({ email: r.email, language: mailLanguageOf(r) }));
  return { people, name: rows[0]?.organisation ?? '', slug: rows[0]?.slug ?? '' };
}

type Facts = Awaited<ReturnType<typeof requestFacts>>[number];

function values(facts: Facts, language: MailLanguage): Record<string, string> {
  return {
    date: mailDateTime(language, facts.createdAt),
    measure: measureName(language, facts.activityKey),
    address: formatAddress({ street: facts.street, postcode: facts.postalCode, city: facts.postalCity }),
    homeowner: facts.homeowner,
    installer: facts.installerName,
    email: facts.contactEmail ?? '',
    mobile: facts.contactMobile ?? '',
    reach: eitherOf(language, facts.contactEmail, facts.contactMobile),
  };
}

/**
 * Where the homeowner's own mails about their requests go: their contact email as it is now, only once they have
 * confirmed it (homeowner/email-verification.ts); null sends nothing.
 */
function homeownerAddress(facts: Facts): string | null {
  return verifiedEmailOf({
    contactEmail: facts.homeownerEmail,
    contactEmailVerifiedAt: facts.homeownerEmailVerifiedAt,
  });
}

/**
 * New requests: each installer organisation's staff get the lead (the homeowner's email in it only once confirmed), the
 * homeowner a confirmation (only at a confirmed address).
 */
export async function newRequestMails(db: Db, mailer: Mailer, requestIds: number[]): Promise<Mail[]> {
  const mails: Mail[] = [];
  for (const facts of await requestFacts(db, requestIds)) {
    // Withdrawn before its mail went: the installer hears nothing of the homeowner.
    if (facts.installerOrganisationId !== null && facts.personalDataRemovedAt === null) {
      const staff = await organisationStaff(db, facts.installerOrganisationId);
      const link = mailer.link(`/console/org/${staff.slug}/requests`);
      // One mail per person, in their language: staff do not see each other's addresses.
      for (const { email, language } of staff.people) {
        const lead = { ...values(facts, language), organisation: staff.name };
        mails.push(renderMail('lead_new', language, email, lead, link));
      }
    }
    const to = homeownerAddress(facts);
    if (to) {
      const language = mailLanguageOf({ mailLanguage: facts.homeownerLanguage });
      const link = mailer.link(MY_HOMES_PATH);
      mails.push(renderMail('request_sent', language, to, { ...values(facts, language), email: to }, link));
    }
  }
  return mails;
}

/**
 * A request moved on: the homeowner hears of it, with the installer's note (not of a note on a request they withdrew).
 */
export async function statusMail(
  db: Db,
  mailer: Mailer,
  requestId: number,
  status: LeadStatus,
  note: string | null | undefined,
): Promise<Mail[]> {
  const [facts] = await requestFacts(db, [requestId]);
  const to = facts && status !== 'withdrawn' ? homeownerAddress(facts) : null;
  if (!facts || !to) return [];
  const language = mailLanguageOf({ mailLanguage: facts.homeownerLanguage });
  return [
    renderMail(
      'request_status',
      language,
      to,
      { ...values(facts, language), status: statusName(language, status) },
      mailer.link(MY_HOMES_PATH),
      note ?? undefined,
    ),
  ];
}
