// Row ids as the API takes them: PostgreSQL `serial`/`integer` keys, 1 … 2^31 − 1.
import { z } from 'zod';

export const ID_MAX = 2_147_483_647;

/** An id in a JSON body. */
export const idSchema = z.number().int().positive().max(ID_MAX);

/** An id in a path or query string (text, read as a number). */
export const idParamSchema = z.coerce.number().pipe(idSchema);

/** Route params `{ id }`. */
export const idParamsSchema = z.object({ id: idParamSchema });
