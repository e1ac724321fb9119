// Row ids as the API takes them: PostgreSQL `serial`/`integer` keys, 1 … 2^31 − 1.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const ID_MAX = 2_147_483_647;

/** An id in a JSON body. */
export const idSchema = lazySchema(() => z.number().int().positive().max(ID_MAX));

/** An id in a path or query string (text, read as a number). */
export const idParamSchema = lazySchema(() => z.coerce.number().pipe(idSchema));

/** Route params `{ id }`. */
export const idParamsSchema = lazySchema(() => z.object({ id: idParamSchema }));
