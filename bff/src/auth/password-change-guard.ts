import type { RequestHandler } from 'express';
import { PASSWORD_CHANGE_REQUIRED } from '@home-energy/shared/schemas/mail';
import { HttpError } from '../http/errors';

/**
 * Staff signed in with a one-time password may use no console or admin API until they have chosen their own
 * password (POST /api/password/choose): 403 with a code the console answers by showing "Choose your password".
 */
export const refuseUntilPasswordChosen: RequestHandler = (req, _res, next) => {
  if (req.user?.kind === 'staff' && req.user.mustChangePassword) {
    throw new HttpError(403, PASSWORD_CHANGE_REQUIRED, 'Choose your own password before you continue.');
  }
  next();
};
