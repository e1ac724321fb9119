import { Router } from 'express';
import { discountRequestSchema, lenderSchema } from '@home-energy/shared/schemas/lenders';
import { HttpError, parse } from '../../http/errors';
import { demoDiscount } from './demo-lenders';

/**
 * /api/flow/{lender}/discounts (docs/product.md §7): the green mortgage discount a lender gives for the home after a
 * measure.
 */
export function lenderRoutes(): Router {
  const router = Router();
  router.post('/:lender/discounts', (req, res) => {
    const lender = lenderSchema.safeParse(req.params.lender);
    if (!lender.success)
      throw new HttpError(
        404,
        'not_found',
        `No lender "${req.params.lender}". Lenders: ${lenderSchema.options.join(', ')}.`,
      );
    const body = parse(discountRequestSchema, req.body ?? {}, 'body');
    res.set('Cache-Control', 'private, no-store').json(demoDiscount(lender.data, body));
  });
  return router;
}
