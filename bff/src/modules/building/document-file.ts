// How an uploaded EPC document is named and typed wherever it is served: from its id and the type sniffed from its
// bytes at upload, never from the client's file name (docs/api.md "Energy estimate API": PDF/JPEG/PNG).
const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The stored (sniffed) type when it is one the upload accepts; anything else is served as opaque bytes. */
export function servedDocumentType(contentType: string): string {
  return contentType in EXTENSIONS ? contentType : 'application/octet-stream';
}

/** `document-<id>.<pdf|jpg|png>`: the only name a document is listed or downloaded under. */
export function documentFileName(id: string, contentType: string): string {
  return `document-${id}.${EXTENSIONS[contentType] ?? 'bin'}`;
}
