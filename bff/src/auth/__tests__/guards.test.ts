// The route guards on fake requests (docs/product.md §6): who passes, and the status and text everyone else gets.
import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { menuContext, requireConsoleItem, requireOrganisation, requireStaff, requireSuperAdmin } from '../guards';

type User = NonNullable<Request['user']>;

const staff = (changes: Partial<User> = {}): User => ({
  kind: 'staff',
  id: '7',
  superAdmin: false,
  admin: false,
  organisations: [{ slug: 'demo-energi', name: 'Demo Energi', role: 'staff' }],
  ...changes,
});
const homeowner: User = { kind: 'homeowner', id: '9', superAdmin: false, admin: false, organisations: [] };
const superAdmin = staff({ superAdmin: true, organisations: [] });

const row = {
  id: 3,
  slug: 'demo-energi',
  name: 'Demo Energi',
  features: ['platform_analytics'],
  isInstaller: false,
  active: true,
};

const request = (user?: User, params: Record<string, string> = {}) => ({ user, params }) as unknown as Request;
const response = {} as Response;

/** A database whose organisation lookup answers `found` (null: no such organisation) and counts its calls. */
function fakeDb(found: typeof row | null = row) {
  const lookups: unknown[] = [];
  const findFirst = async (query: unknown) => {
    lookups.push(query);
    return found ?? undefined;
  };
  return { db: { query: { organisations: { findFirst } } } as unknown as Db, lookups };
}

/** The HttpError a guard throws (synchronously or as a rejected promise), and whether it called next. */
async function outcome(
  guard: (req: Request, res: Response, next: NextFunction) => unknown,
  req: Request,
): Promise<{ error?: { status: number; code: string; message: string }; nextCalls: unknown[][] }> {
  const nextCalls: unknown[][] = [];
  try {
    await guard(req, response, (...args: unknown[]) => nextCalls.push(args));
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    const { status, code, message } = error as HttpError;
    return { error: { status, code, message }, nextCalls };
  }
  return { nextCalls };
}

const unauthorized = { status: 401, code: 'unauthorized', message: 'Sign in to continue.' };

describe('requireStaff', () => {
  it('lets signed-in staff through, with next() and no error', async () => {
    expect(await outcome(requireStaff, request(staff()))).toEqual({ nextCalls: [[]] });
  });

  it.each([
    ['nobody', undefined],
    ['a homeowner', homeowner],
  ])('answers %s 401 "Sign in to continue."', async (_who, user) => {
    expect(await outcome(requireStaff, request(user))).toEqual({ error: unauthorized, nextCalls: [] });
  });
});

describe('requireSuperAdmin', () => {
  it('lets a super admin through', async () => {
    expect(await outcome(requireSuperAdmin, request(superAdmin))).toEqual({ nextCalls: [[]] });
  });

  it('answers staff who are not super admins 403', async () => {
    expect(await outcome(requireSuperAdmin, request(staff({ admin: true })))).toEqual({
      error: { status: 403, code: 'forbidden', message: 'Only super admins may do this.' },
      nextCalls: [],
    });
  });

  it.each([
    ['nobody', undefined],
    ['a homeowner', homeowner],
    ['a homeowner carrying a super admin flag', { ...homeowner, superAdmin: true }],
  ])('answers %s 401', async (_who, user) => {
    expect(await outcome(requireSuperAdmin, request(user))).toEqual({ error: unauthorized, nextCalls: [] });
  });
});

describe('requireOrganisation', () => {
  const notFound = { status: 404, code: 'not_found', message: 'No such organisation.' };

  it('loads the organisation of a member onto the request, only its public fields and id', async () => {
    const { db, lookups } = fakeDb();
    const req = request(staff(), { org: 'demo-energi' });
    expect(await outcome(requireOrganisation(db), req)).toEqual({ nextCalls: [[]] });
    expect(lookups).toHaveLength(1);
    expect(req.organisation).toEqual({
      id: 3,
      slug: 'demo-energi',
      name: 'Demo Energi',
      features: ['platform_analytics'],
      isInstaller: false,
    });
  });

  it('lets a super admin into an organisation they are no member of', async () => {
    const req = request(superAdmin, { org: 'demo-energi' });
    expect(await outcome(requireOrganisation(fakeDb().db), req)).toEqual({ nextCalls: [[]] });
    expect(req.organisation?.slug).toBe('demo-energi');
  });

  it('answers a non-member the same 404 as an unknown organisation', async () => {
    const stranger = staff({ organisations: [{ slug: 'demo-bank', name: 'Demo Bank', role: 'admin' }] });
    const member = await outcome(requireOrganisation(fakeDb().db), request(stranger, { org: 'demo-energi' }));
    const unknown = await outcome(requireOrganisation(fakeDb(null).db), request(staff(), { org: 'demo-energi' }));
    expect(member).toEqual({ error: notFound, nextCalls: [] });
    expect(unknown).toEqual({ error: notFound, nextCalls: [] });
  });

  it('answers 404 to a slug that is no slug, without asking the database', async () => {
    const { db, lookups } = fakeDb();
    const req = request(staff(), { org: 'Demo Energi!' });
    expect(await outcome(requireOrganisation(db), req)).toEqual({ error: notFound, nextCalls: [] });
    expect(lookups).toHaveLength(0);
    expect(req.organisation).toBeUndefined();
  });

  it.each([
    ['nobody', undefined],
    ['a homeowner', homeowner],
  ])('answers %s 401 without asking the database', async (_who, user) => {
    const { db, lookups } = fakeDb();
    expect(await outcome(requireOrganisation(db), request(user, { org: 'demo-energi' }))).toEqual({
      error: unauthorized,
      nextCalls: [],
    });
    expect(lookups).toHaveLength(0);
  });
});

describe('requireConsoleItem: the menu rules table guards the API', () => {
  const organisation = { ...row, features: ['platform_analytics' as const] };
  const withOrganisation = (user?: User) => Object.assign(request(user), { organisation });

  it('refuses an item the table does not have when the route is built', () => {
    expect(() => requireConsoleItem('no-such-item')).toThrow('Unknown console menu item no-such-item');
  });

  it('lets through whom the item allows', async () => {
    const admin = staff({ organisations: [{ slug: 'demo-energi', name: 'Demo Energi', role: 'admin' }] });
    expect(await outcome(requireConsoleItem('configuration'), withOrganisation(admin))).toEqual({ nextCalls: [[]] });
    expect(await outcome(requireConsoleItem('activities'), withOrganisation(staff()))).toEqual({ nextCalls: [[]] });
  });

  it('answers everyone else 403 naming the item', async () => {
    expect(await outcome(requireConsoleItem('configuration'), withOrganisation(staff()))).toEqual({
      error: { status: 403, code: 'forbidden', message: 'You do not have access to configuration.' },
      nextCalls: [],
    });
    expect(await outcome(requireConsoleItem('validation'), withOrganisation(staff()))).toMatchObject({
      error: { status: 403 },
    });
    expect(await outcome(requireConsoleItem('activities'), withOrganisation(undefined))).toMatchObject({
      error: { status: 403 },
    });
  });

  it('builds the rules context from the request: nobody and no organisation are null', () => {
    expect(menuContext(request())).toEqual({ user: null, organisation: null });
    const req = withOrganisation(superAdmin);
    expect(menuContext(req)).toEqual({ user: superAdmin, organisation });
  });
});
