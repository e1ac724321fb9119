// A form's input limits come from the schema the API validates with, so the two cannot drift apart.
import { z } from 'zod';

/** The most characters a text schema takes (optional and nullable unwrapped): an input's maxLength. */
export function maxLengthOf(schema: z.ZodType): number {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
  if (inner instanceof z.ZodString && inner.maxLength !== null) return inner.maxLength;
  throw new Error('maxLengthOf: the schema is not text with a maximum length');
}
