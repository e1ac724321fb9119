import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { BankIdError, RpClient } from '../rp-client';

/** A fake RP API over HTTPS that requires a client certificate signed by our test CA, like BankID's mutual TLS. */
let dir: string;
let server: https.Server;
let baseUrl: string;
const answers: { status: number; body: unknown }[] = [];
const calls: { path: string; clientCn: string | null; body: unknown }[] = [];

function openssl(...args: string[]) {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-tls-'));
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '2',
    '-subj',
    '/CN=Test BankID CA',
  );
  for (const [name, subject, ext] of [
    ['server', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1'],
    ['client', '/CN=Test RP Home Energy', 'extendedKeyUsage=clientAuth'],
  ]) {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
    fs.writeFileSync(path.join(dir, `${name}.ext`), ext);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
    );
  }
  openssl(
    'pkcs12',
    '-export',
    '-in',
    'client.crt',
    '-inkey',
    'client.key',
    '-out',
    'client.p12',
    '-passout',
    'pass:qwerty123',
  );

  server = https.createServer(
    {
      key: fs.readFileSync(path.join(dir, 'server.key')),
      cert: fs.readFileSync(path.join(dir, 'server.crt')),
      ca: fs.readFileSync(path.join(dir, 'ca.crt')),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        const cert = (req.socket as import('node:tls').TLSSocket).getPeerCertificate();
        calls.push({
          path: req.url ?? '',
          clientCn: cert?.subject?.CN ? String(cert.subject.CN) : null,
          body: JSON.parse(text || '{}'),
        });
        const answer = answers.shift() ?? { status: 200, body: {} };
        if (answer.status === 0) return; // never answers: a hung BankID
        res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/rp/v6.0`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  answers.length = 0;
  calls.length = 0;
});

const tlsOptions = () => ({
  baseUrl,
  pfxPath: path.join(dir, 'client.p12'),
  passphrase: 'qwerty123',
  caPath: path.join(dir, 'ca.crt'),
  timeoutMs: 1500,
});

describe('RP API client over mutual TLS', () => {
  it('posts JSON with the RP certificate and trusts only the configured CA', async () => {
    answers.push({ status: 200, body: { orderRef: 'o1', autoStartToken: 'a', qrStartToken: 'q', qrStartSecret: 's' } });
    const client = new RpClient(tlsOptions());
    await expect(client.auth({ endUserIp: '192.0.2.1' })).resolves.toEqual({
      orderRef: 'o1',
      autoStartToken: 'a',
      qrStartToken: 'q',
      qrStartSecret: 's',
    });
    expect(calls).toEqual([
      { path: '/rp/v6.0/auth', clientCn: 'Test RP Home Energy', body: { endUserIp: '192.0.2.1' } },
    ]);
    client.close();
  });

  it('cannot talk to BankID without the client certificate', async () => {
    const client = new RpClient({ baseUrl, caPath: path.join(dir, 'ca.crt'), timeoutMs: 1500 });
    // The server is trusted (our CA), but without the RP certificate the handshake is refused.
    await expect(client.collect('o1')).rejects.toThrow();
    expect(calls).toHaveLength(0);
    client.close();
  });

  it('turns error answers into BankIdError with the errorCode', async () => {
    answers.push({
      status: 400,
      body: { errorCode: 'alreadyInProgress', details: 'Order already in progress for pno' },
    });
    const client = new RpClient(tlsOptions());
    const error = await client.auth({ endUserIp: '192.0.2.1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BankIdError);
    expect(error).toMatchObject({ status: 400, errorCode: 'alreadyInProgress' });
    client.close();
  });

  it('retries collect once on maintenance, but never retries a start (it could create a second order)', async () => {
    const client = new RpClient(tlsOptions());
    answers.push(
      { status: 503, body: { errorCode: 'maintenance', details: '' } },
      { status: 200, body: { orderRef: 'o1', status: 'pending', hintCode: 'userSign' } },
    );
    await expect(client.collect('o1')).resolves.toMatchObject({ status: 'pending', hintCode: 'userSign' });
    expect(calls.map((c) => c.path)).toEqual(['/rp/v6.0/collect', '/rp/v6.0/collect']);

    calls.length = 0;
    answers.push({ status: 503, body: { errorCode: 'maintenance', details: '' } }, { status: 200, body: {} });
    await expect(client.auth({ endUserIp: '192.0.2.1' })).rejects.toMatchObject({ errorCode: 'maintenance' });
    expect(calls.map((c) => c.path)).toEqual(['/rp/v6.0/auth']);
    client.close();
  });

  it('gives up on a BankID that does not answer within the timeout', async () => {
    answers.push({ status: 0, body: null });
    const client = new RpClient(tlsOptions());
    await expect(client.auth({ endUserIp: '192.0.2.1' })).rejects.toMatchObject({ errorCode: 'requestTimeout' });
    client.close();
  });

  it('treats cancelling an already finished order as done', async () => {
    answers.push({ status: 400, body: { errorCode: 'invalidParameters', details: 'No such order' } });
    const client = new RpClient(tlsOptions());
    await expect(client.cancel('gone')).resolves.toBeUndefined();
    client.close();
  });
});

describe('RP API client over plain HTTP (the simulator on loopback)', () => {
  it('speaks the same JSON API without TLS', async () => {
    const plain = http.createServer((req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ orderRef: 'x', status: 'failed', hintCode: 'userCancel' })),
    );
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const client = new RpClient({ baseUrl: `http://127.0.0.1:${(plain.address() as AddressInfo).port}/rp/v6.0` });
    await expect(client.collect('x')).resolves.toEqual({ orderRef: 'x', status: 'failed', hintCode: 'userCancel' });
    client.close();
    await new Promise((resolve) => plain.close(resolve));
  });
});
