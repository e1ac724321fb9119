import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';

/** The BankID Relying Party API v6.0 (docs/auth.md §3). Real BankID needs mutual TLS with the RP certificate. */
export interface RpClientOptions {
  baseUrl: string;
  pfxPath?: string;
  passphrase?: string;
  caPath?: string;
  timeoutMs?: number;
}

export interface StartResponse {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
}

export interface CompletionUser {
  personalNumber: string;
  name: string;
  givenName: string;
  surname: string;
}

export interface CollectResponse {
  orderRef: string;
  status: 'pending' | 'failed' | 'complete';
  hintCode?: string;
  completionData?: { user: CompletionUser; device?: { ipAddress?: string } };
}

export interface StartRequest {
  endUserIp: string;
  returnUrl?: string;
  userVisibleData?: string;
  userVisibleDataFormat?: 'simpleMarkdownV1';
  requirement?: { personalNumber?: string };
}

/** An answer of the RP API that is not 200: its errorCode decides the user message (RFA4, RFA5, RFA22). */
export class BankIdError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    details: string,
  ) {
    super(`BankID ${errorCode} (${status}): ${details}`);
  }
}

// Only these are worth another try, and only for calls that cannot create a second order (collect, cancel).
const RETRYABLE = new Set(['maintenance', 'internalError', 'tooManyRequests', 'requestTimeout', 'network']);

export class RpClient {
  private readonly agent: http.Agent;

  constructor(private readonly options: RpClientOptions) {
    const tls = {
      ...(options.pfxPath ? { pfx: fs.readFileSync(options.pfxPath), passphrase: options.passphrase } : {}),
      // BankID's own CA (pinned trust), when given.
      ...(options.caPath ? { ca: fs.readFileSync(options.caPath) } : {}),
    };
    this.agent = options.baseUrl.startsWith('https:')
      ? new https.Agent({ keepAlive: true, ...tls })
      : new http.Agent({ keepAlive: true });
  }

  auth(body: StartRequest): Promise<StartResponse> {
    return this.post<StartResponse>('auth', body, 0);
  }

  sign(body: StartRequest & { userVisibleData: string }): Promise<StartResponse> {
    return this.post<StartResponse>('sign', body, 0);
  }

  collect(orderRef: string): Promise<CollectResponse> {
    return this.post<CollectResponse>('collect', { orderRef }, 1);
  }

  async cancel(orderRef: string): Promise<void> {
    try {
      await this.post('cancel', { orderRef }, 1);
    } catch (error) {
      // Cancelling a finished or already cancelled order is not our user's problem.
      if (!(error instanceof BankIdError && error.errorCode === 'invalidParameters')) throw error;
    }
  }

  close(): void {
    this.agent.destroy();
  }

  private async post<T>(method: string, body: unknown, retries: number): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(method, body);
      } catch (error) {
        const code = error instanceof BankIdError ? error.errorCode : 'network';
        if (attempt >= retries || !RETRYABLE.has(code)) throw error;
        await new Promise((r) => setTimeout(r, 300 * (attempt + 1)));
      }
    }
  }

  private once<T>(method: string, body: unknown): Promise<T> {
    const url = new URL(`${this.options.baseUrl.replace(/\/$/, '')}/${method}`);
    const payload = JSON.stringify(body);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<T>((resolve, reject) => {
      const req = transport.request(
        url,
        {
          method: 'POST',
          agent: this.agent,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
          timeout: this.options.timeoutMs ?? 10_000,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => {
            let json: Record<string, unknown> = {};
            try {
              json = text ? JSON.parse(text) : {};
            } catch {
              return reject(new BankIdError(res.statusCode ?? 0, 'unknown', 'answer was not JSON'));
            }
            if (res.statusCode === 200) return resolve(json as T);
            reject(
              new BankIdError(res.statusCode ?? 0, String(json.errorCode ?? 'unknown'), String(json.details ?? '')),
            );
          });
        },
      );
      req.on('timeout', () =>
        req.destroy(new BankIdError(408, 'requestTimeout', `no answer within ${this.options.timeoutMs ?? 10_000} ms`)),
      );
      req.on('error', (error) =>
        reject(error instanceof BankIdError ? error : Object.assign(error, { errorCode: 'network' })),
      );
      req.end(payload);
    });
  }
}
