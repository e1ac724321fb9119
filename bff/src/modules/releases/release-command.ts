// What `release <remote> --to URL …` asks the deployment (docs/releases.md "From a team's own CI"): upload the build
// (active, or as a canary for a share of sessions or a brand's), promote, roll back, or show the releases.
import { storedReleaseVersionSchema } from '@home-energy/shared/remotes';
import { releaseAudienceSchema, type AdminRelease, type ReleaseAudience } from '@home-energy/shared/schemas/admin';

export class ReleaseCommandError extends Error {}

export type ReleaseRequest =
  | { kind: 'upload'; canary: Exclude<ReleaseAudience, { kind: 'everyone' }> | null }
  | { kind: 'promote'; version: string }
  | { kind: 'rollback'; version: string }
  | { kind: 'status' };

export interface ReleaseFlags {
  to?: string;
  canary?: string;
  'canary-brand'?: string;
  promote?: string;
  rollback?: string;
  status?: boolean;
}

const ACTIONS = ['--canary', '--canary-brand', '--promote', '--rollback', '--status'] as const;

function version(flag: string, value: string): string {
  // Any release that exists can be promoted or rolled back to, one made before versions were checked too.
  const parsed = storedReleaseVersionSchema.safeParse(value);
  if (!parsed.success) {
    const example = '0.1.0-4adaf6cba1';
    throw new ReleaseCommandError(`${flag}: "${value}" is not a release version such as ${example} (see --status).`);
  }
  return parsed.data;
}

/** The one thing the flags ask for; a clear message for none that fits. */
export function releaseRequestOf(flags: ReleaseFlags): ReleaseRequest {
  const given = ACTIONS.filter((flag) => {
    const value = flags[flag.slice(2) as keyof ReleaseFlags];
    return value !== undefined && value !== false;
  });
  if (given.length > 1) {
    throw new ReleaseCommandError(`Give one of ${ACTIONS.join(', ')} at a time, not ${given.join(' and ')}.`);
  }
  if (given.length > 0 && flags.to === undefined) {
    throw new ReleaseCommandError(`${given[0]} speaks to a deployment's API: add --to URL (and RELEASE_TOKEN).`);
  }
  if (flags.status) return { kind: 'status' };
  if (flags.promote !== undefined) return { kind: 'promote', version: version('--promote', flags.promote) };
  if (flags.rollback !== undefined) return { kind: 'rollback', version: version('--rollback', flags.rollback) };
  if (flags.canary !== undefined) {
    const percent = /^\d{1,3}$/.test(flags.canary) ? Number(flags.canary) : NaN;
    const audience = releaseAudienceSchema.safeParse({ kind: 'percent', percent });
    if (!audience.success || audience.data.kind !== 'percent') {
      throw new ReleaseCommandError(`--canary: "${flags.canary}" is not a whole percentage of sessions from 1 to 99.`);
    }
    return { kind: 'upload', canary: audience.data };
  }
  if (flags['canary-brand'] !== undefined) {
    const audience = releaseAudienceSchema.safeParse({ kind: 'brand', brand: flags['canary-brand'] });
    if (!audience.success || audience.data.kind !== 'brand') {
      throw new ReleaseCommandError(`--canary-brand: "${flags['canary-brand']}" is not a brand id such as demo-bank.`);
    }
    return { kind: 'upload', canary: audience.data };
  }
  return { kind: 'upload', canary: null };
}

/** Who has the release: everyone (active), a canary's audience, or nobody. */
export function audienceText(release: AdminRelease): string {
  if (release.active) return 'everyone';
  if (release.audience?.kind === 'percent') return `canary for ${release.audience.percent} % of sessions`;
  return release.audience ? `canary for brand ${release.audience.brand}` : 'nobody';
}

/** One line of --status: `*` marks the active release; then its audience, health and verdict. */
export function describeRelease(release: AdminRelease): string {
  const audience = audienceText(release);
  const { sessions, failedSessions, errors } = release.health;
  const verdict = release.verdict ? `, ${release.verdict.result} ${release.verdict.at}` : '';
  const health = `${sessions} sessions, ${failedSessions} with errors, ${errors} errors`;
  return `${release.active ? '*' : ' '} ${release.version.padEnd(24)} ${audience.padEnd(34)} ${health}${verdict}`;
}
