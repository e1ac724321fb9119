// Attack: a homeowner uploads a real PDF named `x<img src=x onerror=alert(1)>.html`; staff download it from the
// validation queue. Its name and extension were kept, so it was saved (and could be opened) as HTML. The document is
// listed and downloaded as document-<id>.<ext of the type sniffed from its bytes>, as an attachment, with nosniff.
import request from 'supertest';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../test/register-homes';
import { signInAs } from '../../test/staff-session';

const QUEUE = '/api/console/org/demo-energi/validation';
const HTML_NAME = 'x<img src=x onerror=alert(1)>.html';
const PDF = Buffer.from('%PDF-1.4\n% <html><script>alert(1)</script>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('<html><script>alert(1)</script>'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script>')]);

let world: TestWorld;
let app: TestApp;
let homes: number[];

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ app } = world);
  homes = await insertStockholmHomes(
    world.database.db,
    [1, 2, 3].map((n) => ({ street: `Uppladdningsgatan ${n}`, building: VILLA_1970 })),
  );
});
afterAll(() => world.close());

const bytes = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('an uploaded file named like HTML is downloaded as document-<id>.pdf', () => {
  it.each([
    ['a PDF', PDF, 'text/html', 'application/pdf', 'pdf'],
    ['a PNG', PNG, 'text/html', 'image/png', 'png'],
    ['a JPEG', JPEG, 'application/xhtml+xml', 'image/jpeg', 'jpg'],
  ] as const)(
    `%s named ${HTML_NAME}: listed, downloaded and stored under the server’s name only`,
    async (_what, content, claimedType, sniffed, ext) => {
      const home = homes.shift()!;
      const homeowner = request.agent(app);
      // Uploads are the owner's: the session answers for the home first.
      await homeowner.post(`/api/flow/property/${home}/answer?owner=demo-energi`).send({ occupants: 2 }).expect(200);
      const upload = await homeowner
        .post(`/api/flow/property/${home}/document?owner=demo-energi`)
        .field('energy_class', 'C')
        .attach('file', content, { filename: HTML_NAME, contentType: claimedType })
        .expect(201);
      const id: string = upload.body.document.id;
      const served = `document-${id}.${ext}`;
      expect(upload.body.document.file_name).toBe(served);

      const staff = request.agent(app);
      await signInAs(staff, 'staff@energi.demo.test').expect(200);
      const listed = (await staff.get(QUEUE).expect(200)).body.items
        .flatMap((i: { documents: { id: string; file_name: string }[] }) => i.documents)
        .find((d: { id: string }) => d.id === id);
      expect(listed.file_name).toBe(served);

      const file = await bytes(staff.get(`${QUEUE}/documents/${id}/file`)).expect(200);
      expect(file.headers['content-type']).toBe(sniffed);
      // RFC 6266: a token filename may go unquoted; either way it is the server's name and nothing else.
      const disposition = /^attachment; filename="?([^";]+)"?$/.exec(file.headers['content-disposition'] ?? '');
      expect(disposition?.[1]).toBe(served);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(file.body as Buffer, content)).toBe(0);

      // The client's name is not kept anywhere in the row.
      const row = (await world.database.pool.query('select file_name from epc_documents where id = $1', [id])).rows[0];
      expect(row.file_name).toBe(served);
      const anywhere = await world.database.pool.query(
        `select count(*)::int as n from epc_documents d where d::text like '%onerror%'`,
      );
      expect(anywhere.rows[0].n).toBe(0);
    },
  );

  it('a row stored with a client’s name (before this rule) is still served under document-<id>', async () => {
    const staff = request.agent(app);
    await signInAs(staff, 'staff@energi.demo.test').expect(200);
    const { id } = (await world.database.pool.query('select id from epc_documents order by created_at limit 1'))
      .rows[0];
    await world.database.pool.query('update epc_documents set file_name = $2 where id = $1', [id, HTML_NAME]);
    const file = await bytes(staff.get(`${QUEUE}/documents/${id}/file`)).expect(200);
    expect(file.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="?document-${id}\\.(pdf|png|jpg)"?$`),
    );
    const listed = (await staff.get(QUEUE).expect(200)).body.items
      .flatMap((i: { documents: { id: string; file_name: string }[] }) => i.documents)
      .find((d: { id: string }) => d.id === id);
    expect(listed.file_name).not.toContain('<');
  });
});
