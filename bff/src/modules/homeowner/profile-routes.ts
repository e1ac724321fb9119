import { Router, type Request } from 'express';
import { noQuery } from '../../http/input-guards';
import { z } from 'zod';
import { contactSchema } from '@home-energy/shared/validation/contact';
import { mailLanguageSchema } from '@home-energy/shared/schemas/mail-language';
import { chooseMailLanguage, mailLanguageOf, noteUsedLanguage, requestLanguage } from '../mail/language';
import { miniflowPropertySchema } from '@home-energy/shared/schemas/property-flow';
import { normalizePostalCode, normalizeStreet } from '../../register/search';
import { findByAddress } from '../property/repository';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import {
  existingPropertyIds,
  homeownerIdOf,
  loadHomeowner,
  profileProperties,
  addProfileProperty,
  replaceProfileProperties,
  saveContact,
  setSelectedProperty,
} from './repository';
import { HOME_RESTORE_MS, purgeRemovedHomes, removeProfileProperty, restoreProfileProperty } from './removed-homes';
import { idParamSchema, idSchema } from '@home-energy/shared/schemas/ids';
import type { Mailer } from '../mail/mailer';
import { confirmEmail, sendEmailLink, type LinkRefusal } from './email-verification';

const propertyId = idParamSchema;
const patchSchema = z
  .object({
    properties: z.array(idSchema).max(100).optional(),
    selectedPropertyId: idSchema.nullable().optional(),
    mailLanguage: mailLanguageSchema.optional(),
  })
  .strict()
  .refine(
    (b) => b.properties !== undefined || b.selectedPropertyId !== undefined || b.mailLanguage !== undefined,
    'give properties, selectedPropertyId and/or mailLanguage',
  );

const tokenBody = z.object({ token: z.string().min(20).max(200) }).strict();

function tooManyLinks(refusal: LinkRefusal): HttpError {
  const message =
    refusal.reason === 'too_soon'
      ? `A link was sent less than a minute ago. Check your inbox, or ask again in ${refusal.retryAfterSeconds} s.`
      : 'Five links have been sent today, the most we send in a day. Use the newest one, or ask again tomorrow.';
  // The reason's code and wait, so the page can say it in its own language.
  const issue = { path: 'body', message, code: refusal.reason, params: { seconds: String(refusal.retryAfterSeconds) } };
  return new HttpError(429, 'too_many_requests', message, [issue]);
}

function homeownerId(req: Request): number {
  const id = homeownerIdOf(req.user);
  if (id === null) throw new HttpError(401, 'unauthorized', 'Sign in with BankID to see your profile.');
  return id;
}

/**
 * /api/flow/user/profile: the signed-in homeowner's properties, selection and contact details (docs/product.md §3, §7).
 */
export function profileRoutes(db: Db, now: () => number, mailer: Mailer): Router {
  const router = Router();
  router.use(noQuery);

  async function profile(id: number) {
    await purgeRemovedHomes(db, now(), id);
    const owner = await loadHomeowner(db, id);
    if (!owner) throw new HttpError(401, 'unauthorized', 'Sign in with BankID to see your profile.');
    return {
      user_id: `h${owner.id}`,
      name: owner.name,
      personalNumberMasked: owner.personalNumberMasked,
      contact:
        owner.contactEmail || owner.contactMobile || owner.contactName
          ? {
              name: owner.contactName,
              email: owner.contactEmail,
              mobile: owner.contactMobile,
              email_verified: !!owner.contactEmail && owner.contactEmailVerifiedAt !== null,
            }
          : null,
      properties: await profileProperties(db, owner.id),
      selectedPropertyId: owner.selectedPropertyId,
      mailLanguage: mailLanguageOf(owner),
    };
  }

  router.get('/profile', async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await profile(homeownerId(req)));
  });

  // Returns only the parts that changed; the selection may only point at a property in the (new) profile.
  router.patch('/profile', async (req, res) => {
    const id = homeownerId(req);
    const body = parse(patchSchema, req.body, 'body');
    if (body.properties) {
      const unique = [...new Set(body.properties)];
      const known = await existingPropertyIds(db, unique);
      const unknown = unique.filter((p) => !known.has(p));
      if (unknown.length > 0)
        throw new HttpError(400, 'bad_request', `Unknown property ids: ${unknown.join(', ')}`, [
          { path: 'body.properties', message: 'unknown property' },
        ]);
    }
    const listAfter = body.properties
      ? new Set(body.properties)
      : new Set((await profileProperties(db, id)).map((p) => p.id));
    if (body.selectedPropertyId != null && !listAfter.has(body.selectedPropertyId)) {
      throw new HttpError(400, 'bad_request', 'selectedPropertyId must be one of the profile properties', [
        { path: 'body.selectedPropertyId', message: 'not in the profile' },
      ]);
    }
    if (body.properties) await replaceProfileProperties(db, id, [...new Set(body.properties)], 'profile_added');
    if (body.selectedPropertyId !== undefined) await setSelectedProperty(db, id, body.selectedPropertyId);
    if (body.mailLanguage !== undefined) await chooseMailLanguage(db, 'homeowner', id, body.mailLanguage);
    else await noteUsedLanguage(db, 'homeowner', id, requestLanguage(req));
    const after = await profile(id);
    res.json({
      ...(body.mailLanguage !== undefined ? { mailLanguage: after.mailLanguage } : {}),
      ...(body.properties ? { properties: after.properties } : {}),
      ...(body.selectedPropertyId !== undefined || body.properties
        ? { selectedPropertyId: after.selectedPropertyId }
        : {}),
    });
  });

  // Removal can be undone for HOME_RESTORE_MS (POST …/restore); only then are the home and its answers deleted.
  router.delete('/profile/property/:id', async (req, res) => {
    const id = homeownerId(req);
    const property = parse(z.object({ id: propertyId }), req.params, 'params').id;
    const at = now();
    if (!(await removeProfileProperty(db, id, property, at)))
      throw new HttpError(404, 'not_found', 'That property is not in your profile.');
    res.json({
      ...(await profile(id)),
      removed: { id: property, restorableUntil: new Date(at + HOME_RESTORE_MS).toISOString() },
    });
  });

  router.post('/profile/property/:id/restore', async (req, res) => {
    const id = homeownerId(req);
    const property = parse(z.object({ id: propertyId }), req.params, 'params').id;
    parse(z.object({}).strict(), req.body ?? {}, 'body');
    if (!(await restoreProfileProperty(db, id, property, now()))) {
      throw new HttpError(
        404,
        'not_found',
        `That home was not removed from your profile in the last ${HOME_RESTORE_MS / 1000} seconds, so it ` +
          `cannot be restored.`,
      );
    }
    res.json(await profile(id));
  });

  // The add-property mini-flow: the address must be in the register; it joins the profile as 'miniflow_added'.
  router.post('/profile/property', async (req, res) => {
    const id = homeownerId(req);
    const address = parse(miniflowPropertySchema, req.body, 'body');
    const property = await findByAddress(
      db,
      normalizeStreet(address.street),
      normalizePostalCode(address.postalCode) ?? '',
    );
    if (!property) throw new HttpError(404, 'not_found', 'No property at that address.');
    await addProfileProperty(db, id, property.id, 'miniflow_added');
    res.status(201).json({ property: { id: property.id, name: property.name }, ...(await profile(id)) });
  });

  // A new email is unconfirmed: the link that confirms it is the only mail it gets until then (email-verification.ts).
  router.post('/profile/contact', async (req, res) => {
    const id = homeownerId(req);
    const contact = parse(contactSchema, req.body, 'body');
    await noteUsedLanguage(db, 'homeowner', id, requestLanguage(req));
    const { owner, emailChanged } = await saveContact(db, id, contact);
    if (emailChanged) await sendEmailLink(db, mailer, { ...owner, contactEmail: contact.email }, now());
    res.json({
      contact: {
        name: owner.contactName,
        email: contact.email,
        mobile: contact.mobile,
        email_verified: owner.contactEmailVerifiedAt !== null,
      },
    });
  });

  // "Send the link again" (rate limited: tooManyLinks).
  router.post('/profile/contact/verification', async (req, res) => {
    const id = homeownerId(req);
    parse(z.object({}).strict(), req.body ?? {}, 'body');
    const owner = await loadHomeowner(db, id);
    if (!owner?.contactEmail)
      throw new HttpError(409, 'contact_required', 'Give your email first: the link is sent to it.');
    if (owner.contactEmailVerifiedAt)
      throw new HttpError(409, 'conflict', `${owner.contactEmail} is already confirmed.`);
    const refusal = await sendEmailLink(db, mailer, { ...owner, contactEmail: owner.contactEmail }, now());
    if (refusal) {
      res.set('Retry-After', String(refusal.retryAfterSeconds));
      throw tooManyLinks(refusal);
    }
    res.status(202).json({ email: owner.contactEmail });
  });

  // The page the link opens posts its token here; signing in is not needed (the link may be opened on another device).
  router.post('/email-verification', async (req, res) => {
    const { token } = parse(tokenBody, req.body, 'body');
    const email = await confirmEmail(db, token, now());
    if (!email)
      throw new HttpError(
        400,
        'link_invalid',
        'This link no longer works: it was used, has expired, or your email has changed since. Ask for a new one.',
      );
    res.set('Cache-Control', 'no-store').json({ email });
  });

  return router;
}
