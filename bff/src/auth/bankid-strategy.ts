import type { Request } from 'express';
import type { Strategy } from 'passport';
import type { Db } from '../db/client';
import type { PersonalNumberVault } from '../bankid/personal-number';
import { completedUserOf, type OrderService } from '../modules/homeowner/orders';
import { consumeOrder, homeownerIdOf, homeownerSessionUser, upsertHomeowner } from '../modules/homeowner/repository';
import { HttpError } from '../http/errors';

type StrategyThis = Strategy & {
  success(user: Express.User, info?: object): void;
  fail(info: object, status?: number): void;
  error(error: unknown): void;
};

/**
 * Logs a homeowner in when this session's BankID order is complete (BankID RP API v6: collect, then complete): the
 * order is read from the server (never from the request body), used once, and the homeowner is found by personal
 * number.
 */
export function bankIdStrategy(deps: { db: Db; orders: OrderService; vault: PersonalNumberVault }): Strategy {
  return {
    name: 'bankid',
    authenticate(this: StrategyThis, req: Request) {
      void (async () => {
        let order;
        try {
          order = await deps.orders.current(req);
        } catch (error) {
          if (error instanceof HttpError && error.status === 404)
            return this.fail({ status: 404, message: error.message }, 404);
          throw error;
        }
        const completed = order.status === 'complete' && !order.consumedAt ? completedUserOf(deps.vault, order) : null;
        if (!completed) return this.fail({ status: 409, message: 'The BankID order is not complete.' }, 409);
        if (order.identificationMode === 'validate') {
          const signedIn = homeownerIdOf(req.user);
          const owner = signedIn ? await upsertHomeowner(deps.db, deps.vault, completed) : null;
          if (!owner || owner.id !== signedIn || !(await consumeOrder(deps.db, order.id))) {
            return this.fail({ status: 409, message: 'This BankID does not belong to the signed-in homeowner.' }, 409);
          }
          return this.success(req.user!, { validated: true });
        }
        if (!(await consumeOrder(deps.db, order.id)))
          return this.fail({ status: 409, message: 'The BankID order was already used.' }, 409);
        const owner = await upsertHomeowner(deps.db, deps.vault, completed);
        return this.success(homeownerSessionUser(owner));
      })().catch((error) => this.error(error));
    },
  };
}
