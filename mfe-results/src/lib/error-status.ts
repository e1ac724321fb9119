/** The HTTP status of an RTK Query error (a number, or a string such as 'FETCH_ERROR'); undefined for anything else. */
export const statusOf = (error: unknown): number | string | undefined =>
  error && typeof error === 'object' && 'status' in error ? (error as { status: number | string }).status : undefined;
