/** A JSON answer shaped like a fetch Response, as far as RTK Query's fetchBaseQuery reads one. */
export function jsonResponse(status: number, body: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const response = {
    status,
    ok: status >= 200 && status < 300,
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    clone: () => jsonResponse(status, body),
  };
  return response;
}
