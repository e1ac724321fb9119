import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { maxLengthOf } from '../limits';

describe('a schema built on first use', () => {
  it('is not built until used, then once, and parses as the schema itself', () => {
    const build = jest.fn(() => z.object({ name: z.string().min(1).max(40), age: z.number().int().optional() }));
    const person = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(person.parse({ name: 'Anna' })).toEqual({ name: 'Anna' });
    expect(person.safeParse({ name: '' }).success).toBe(false);
    expect(person.safeParse({ name: 'Anna', age: 1.5 }).error?.issues[0]?.path).toEqual(['age']);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('composes: inside other schemas, extended, made optional, in unions and discriminated unions', () => {
    const id = lazySchema(() => z.number().int().positive());
    const home = lazySchema(() => z.object({ id, street: z.string() }));
    const withCity = home.extend({ city: z.string() });
    expect(withCity.parse({ id: 1, street: 'Storgatan 1', city: 'Umeå' })).toEqual({
      id: 1,
      street: 'Storgatan 1',
      city: 'Umeå',
    });
    expect(z.array(home).safeParse([{ id: -1, street: 'x' }]).success).toBe(false);
    expect(id.optional().parse(undefined)).toBeUndefined();
    const a = lazySchema(() => z.object({ kind: z.literal('a'), n: z.number() }));
    const b = lazySchema(() => z.object({ kind: z.literal('b'), s: z.string() }));
    const either = z.discriminatedUnion('kind', [a, b]);
    expect(either.parse({ kind: 'b', s: 'x' })).toEqual({ kind: 'b', s: 'x' });
    expect(either.safeParse({ kind: 'a', s: 'x' }).success).toBe(false);
  });

  it('answers what code asks of the schema: its class, shape, options and keys', () => {
    const name = lazySchema(() => z.string().max(120));
    const form = lazySchema(() => z.object({ name, note: z.string().max(500).nullable() }));
    const level = lazySchema(() => z.enum(['low', 'high']));
    expect(name instanceof z.ZodString).toBe(true);
    expect(form instanceof z.ZodObject).toBe(true);
    expect(Object.keys(form.shape)).toEqual(['name', 'note']);
    expect(maxLengthOf(form.shape.name)).toBe(120);
    expect(maxLengthOf(form.shape.note)).toBe(500);
    expect(level.options).toEqual(['low', 'high']);
    expect('parse' in form).toBe(true);
  });
});
