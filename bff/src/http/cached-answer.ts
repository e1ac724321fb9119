// A JSON answer kept in a read cache is sent many times until the next write. Serialising it, its ETag and its
// compressed forms are made once (each on first use), not on every request: for a 20-measure recommendations answer
// (≈ 18 KB) the per-request brotli stream of the compression middleware cost more CPU than everything else together.
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { acceptedEncodings, type Encoding } from '../web/precompressed';

/** The compression middleware's threshold: smaller answers are sent as they are (compression() would not compress). */
const COMPRESS_FROM_BYTES = 1024;

export class CachedAnswer {
  private body: Buffer | undefined;
  private etagValue: string | undefined;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(private readonly value: () => unknown) {}

  private json(): Buffer {
    // Bytes, not a string: res.send would copy a string of this size into a new Buffer on every answer.
    return (this.body ??= Buffer.from(JSON.stringify(this.value())));
  }

  private encodedAs(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      // The compression middleware's settings (brotli quality 4, gzip's default level): fast enough to make inline.
      bytes =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.json(), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
          : zlib.gzipSync(this.json());
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }

  /** Sends the answer with these headers; compressed as the client accepts (br first, as compression() does). */
  send(req: Request, res: Response, headers: Record<string, string>): void {
    const json = this.json();
    this.etagValue ??= (req.app.get('etag fn') as ((body: Buffer) => string) | undefined)?.(json);
    res.set(headers).type('json');
    if (this.etagValue) res.set('ETag', this.etagValue);
    // As the compression middleware says of every answer it could have compressed, small ones included.
    res.vary('Accept-Encoding');
    if (json.length < COMPRESS_FROM_BYTES) {
      res.send(json);
      return;
    }
    const encoding = acceptedEncodings(req)[0];
    if (encoding) {
      // Already encoded: the compression middleware passes it through.
      res.set('Content-Encoding', encoding).send(this.encodedAs(encoding));
      return;
    }
    res.send(json);
  }
}
