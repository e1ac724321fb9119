// What a person typed, made safe for LIKE/ILIKE: \, % and _ match themselves (PostgreSQL's default escape is \).
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching values that contain `text`. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** A LIKE pattern matching values that start with `text`. */
export const startsWithPattern = (text: string) => `${escapeLike(text)}%`;
