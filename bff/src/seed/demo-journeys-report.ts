// What the demo journeys give each organisation's console (README of this folder), counted from the rows the seed
// wrote: start-up prints it, so a newcomer knows which figure to look for on which page.
import { isItemAllowed, menuItem } from '@home-energy/shared/console/menu-rules';
import type { OrganisationFeature } from '@home-energy/shared/schemas/session';
import { LEAD_STATUSES, type LeadStatus } from '@home-energy/shared/schemas/installer-leads';

export interface DemoOrganisation {
  id: number;
  slug: string;
  name: string;
  features: string[];
  isInstaller: boolean;
}

/** The console pages that show the journeys' figures. */
export const DEMO_REPORT_PAGES = ['properties', 'users', 'transition', 'activities', 'requests'] as const;
export type DemoReportPage = (typeof DEMO_REPORT_PAGES)[number];

export interface DemoOrganisationLoaded {
  slug: string;
  name: string;
  /** The pages above an admin of the organisation may open (the console's menu rules). */
  pages: DemoReportPage[];
  /** Homes that came through its flow (Properties: homes). */
  homes: number;
  /** Signed-in homeowners with a home through it (Users: sign-ups). */
  homeowners: number;
  /** Homes whose owner saved a plan (Transition: "Plans homeowners saved"). */
  plans: number;
  /** What homeowners did in its flow, by action (Activities: interactions). */
  interactions: Record<string, number>;
  /** Installer requests sent through its flow by the stage they reached (Activities: the funnel). */
  funnel: { requested: number; contacted: number; quoted: number; won: number };
  /** Requests its homeowners withdrew: kept for the installer, counted nowhere in the brand's analytics. */
  withdrawn: number;
  /** Requests it received as an installer, by status (Requests); null when it is no installer. */
  leads: Record<LeadStatus, number> | null;
}

/** The rows the seed wrote, as far as the report needs them. */
export interface DemoRowsWritten {
  profiles: { organisationId: number; homeowner: boolean; plan: boolean }[];
  requests: {
    organisationId: number;
    installerOrganisationId: number | null;
    status: LeadStatus;
    contactedAt: Date | null;
    quotedAt: Date | null;
  }[];
  interactions: { organisationId: number; action: string }[];
}

function pagesOf(org: DemoOrganisation): DemoReportPage[] {
  const context = {
    user: { superAdmin: false, organisations: [{ slug: org.slug, name: org.name, role: 'admin' as const }] },
    organisation: { slug: org.slug, features: org.features as OrganisationFeature[], isInstaller: org.isInstaller },
  };
  return DEMO_REPORT_PAGES.filter((page) => isItemAllowed(menuItem(page), context));
}

/** Per organisation that got homes or requests: the figures its analytics count from the rows written. */
export function demoOrganisationsLoaded(
  organisations: DemoOrganisation[],
  written: DemoRowsWritten,
): DemoOrganisationLoaded[] {
  return organisations
    .map((org): DemoOrganisationLoaded => {
      const profiles = written.profiles.filter((p) => p.organisationId === org.id);
      // A withdrawn request counts nowhere in the brand's analytics (bff/src/modules/analytics/README.md).
      const sent = written.requests.filter((r) => r.organisationId === org.id);
      const counted = sent.filter((r) => r.status !== 'withdrawn');
      const interactions: Record<string, number> = {};
      for (const i of written.interactions.filter((i) => i.organisationId === org.id))
        interactions[i.action] = (interactions[i.action] ?? 0) + 1;
      const received = written.requests.filter((r) => r.installerOrganisationId === org.id);
      return {
        slug: org.slug,
        name: org.name,
        pages: pagesOf(org),
        homes: profiles.length,
        homeowners: profiles.filter((p) => p.homeowner).length,
        plans: profiles.filter((p) => p.plan).length,
        interactions,
        funnel: {
          requested: counted.length,
          contacted: counted.filter((r) => r.contactedAt).length,
          quoted: counted.filter((r) => r.quotedAt).length,
          won: counted.filter((r) => r.status === 'won').length,
        },
        withdrawn: sent.length - counted.length,
        leads: org.isInstaller
          ? (Object.fromEntries(LEAD_STATUSES.map((s) => [s, received.filter((r) => r.status === s).length])) as Record<
              LeadStatus,
              number
            >)
          : null,
      };
    })
    .filter((o) => o.homes > 0 || (o.leads && Object.values(o.leads).some((n) => n > 0)));
}

/** One line per organisation: each figure with the console page that shows it, and only the pages it may open. */
export function demoOrganisationLines(loaded: DemoOrganisationLoaded[]): string[] {
  return loaded.map((org) => {
    const parts: string[] = [];
    const shows = (page: DemoReportPage) => org.pages.includes(page);
    if (shows('properties')) parts.push(`Properties ${org.homes} homes`);
    if (shows('users')) parts.push(`Users ${org.homeowners} sign-ups`);
    if (shows('transition')) parts.push(`Transition ${org.plans} saved plans`);
    if (shows('activities')) {
      const { requested, contacted, quoted, won } = org.funnel;
      const actions = Object.entries(org.interactions)
        .map(([action, n]) => `${action} ${n}`)
        .join(', ');
      parts.push(
        `Activities ${requested} installer requests (contacted ${contacted}, quoted ${quoted}, won ${won}; ` +
          `${org.withdrawn} more withdrawn, counted nowhere), interactions ${actions}`,
      );
    }
    if (shows('requests') && org.leads)
      parts.push(
        `Requests ${Object.entries(org.leads)
          .map(([status, n]) => `${status} ${n}`)
          .join(', ')}`,
      );
    return `  ${org.name} (/console/org/${org.slug}): ${parts.join('; ')}`;
  });
}
