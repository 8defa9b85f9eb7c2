import { ZDesignRequestSchema, ZPublicDesignRevisionSchema } from '@loupe/domain/designs/design-requests';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { multipartBody, PNG_1X1, tempDataDir } from './support/uploads.ts';

const SECRET_KEY = 'test-secret-key-of-at-least-32-characters!';

type TRequest = ReturnType<typeof ZDesignRequestSchema.parse>;
type TSummary = { id: string; status: string; column: string; orderPhase: { key: string } | null };

describe.each(TEST_DATABASES)('design requests and approval on %s', (database) => {
  let t: TTestApp;
  let dataDir: { dir: string; cleanup: () => Promise<void> };
  let admin: TTestClient;
  let designer: TTestClient;
  let designerId: string;
  let sales: TTestClient;
  let salesId: string;
  let otherSales: TTestClient;
  let production: TTestClient;
  let customerId: string;

  beforeAll(async () => {
    dataDir = await tempDataDir();
    t = await createTestApp({ database, env: { DATA_DIR: dataDir.dir, SECRET_KEY } });
    admin = (await t.clientAs('admin')).client;
    const signedInDesigner = await t.clientAs('designer', { firstName: 'Dana', lastName: 'Designer' });
    designer = signedInDesigner.client;
    designerId = signedInDesigner.user.id;
    const signedInSales = await t.clientAs('salesperson', { firstName: 'Sam', lastName: 'Seller' });
    sales = signedInSales.client;
    salesId = signedInSales.user.id;
    otherSales = (await t.clientAs('salesperson', { firstName: 'Olga', lastName: 'Other' })).client;
    production = (await t.clientAs('production')).client;
    const customer = await admin.request('POST', '/api/v1/customers', {
      body: { name: 'Grace Hopper', phone: '+1 555 010 2030' },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    customerId = customer.json().data.id;
  });
  afterAll(async () => {
    await t.close();
    await dataDir.cleanup();
  });

  function ok(response: LightMyRequestResponse, status = 200) {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  }

  async function newRequest(brief = 'Engagement ring, oval sapphire, thin band'): Promise<TRequest> {
    const order = ok(
      await sales.request('POST', '/api/v1/orders', {
        body: { customerId, description: 'Custom ring', promisedDate: '2031-06-15' },
      }),
      201,
    );
    return ZDesignRequestSchema.parse(
      ok(
        await sales.request('POST', '/api/v1/design-requests', {
          body: { orderId: order.id, brief, designerId },
        }),
        201,
      ),
    );
  }

  async function revisionWithFile(requestId: string, notes: string) {
    const revision = ok(
      await designer.request('POST', `/api/v1/design-requests/${requestId}/revisions`, { body: { notes } }),
      201,
    );
    const files = ok(
      await designer.request(
        'POST',
        `/api/v1/design-requests/${requestId}/revisions/${revision.id}/files`,
        multipartBody([
          { filename: `render-${revision.number}.png`, contentType: 'image/png', data: PNG_1X1 },
        ]),
      ),
      201,
    );
    return { ...revision, files } as { id: string; number: number; files: { id: string }[] };
  }

  const send = (client: TTestClient, requestId: string, revisionId: string) =>
    client.request('POST', `/api/v1/design-requests/${requestId}/revisions/${revisionId}/approval-link`);
  const view = (token: string) => t.client().request('GET', `/api/v1/public/design-approvals/${token}`);
  /** The customer's answer, confirmed with the name they typed (a test may leave it out on purpose). */
  const decide = (token: string, body: Record<string, unknown>) =>
    t.client().request('POST', `/api/v1/public/design-approvals/${token}/decision`, {
      body: { name: 'Grace Hopper', ...body },
    });
  const setOrderStatus = async (orderId: string, status: string) =>
    ok(await sales.request('PATCH', `/api/v1/orders/${orderId}`, { body: { status } }));
  const queueEntry = async (id: string) =>
    (ok(await designer.request('GET', '/api/v1/design-requests')) as TSummary[]).find((row) => row.id === id);

  it("lists a request to designers and admins, and to the order's salesperson only", async () => {
    const request = await newRequest();
    expect(request).toMatchObject({ status: 'new', dueDate: '2031-06-15', designer: { id: designerId } });
    expect(request.salesperson?.id).toBe(salesId);

    for (const client of [designer, admin, sales]) {
      const ids = ok(await client.request('GET', '/api/v1/design-requests')).map((r: { id: string }) => r.id);
      expect(ids).toContain(request.id);
    }
    const others = ok(await otherSales.request('GET', '/api/v1/design-requests'));
    expect(others.map((r: { id: string }) => r.id)).not.toContain(request.id);
    expect((await otherSales.request('GET', `/api/v1/design-requests/${request.id}`)).statusCode).toBe(404);
    expect((await production.request('GET', '/api/v1/design-requests')).statusCode).toBe(403);
    // Salespeople send for approval but do not design.
    const revise = await sales.request('POST', `/api/v1/design-requests/${request.id}/revisions`, {
      body: {},
    });
    expect(revise.statusCode).toBe(403);
  });

  it('opens the request of an order created with a designer, or moved into design, once', async () => {
    const withDesigner = ok(
      await sales.request('POST', '/api/v1/orders', {
        body: { customerId, description: 'Signet ring with a crest', designerId },
      }),
      201,
    );
    const plain = ok(
      await sales.request('POST', '/api/v1/orders', { body: { customerId, description: 'Chain' } }),
      201,
    );
    const requestOf = async (orderId: string) =>
      (
        ok(await designer.request('GET', '/api/v1/design-requests')) as { orderId: string; brief: string }[]
      ).filter((request) => request.orderId === orderId);
    expect(await requestOf(withDesigner.id)).toEqual([
      expect.objectContaining({
        brief: 'Signet ring with a crest',
        designer: expect.objectContaining({ id: designerId }),
      }),
    ]);
    expect(await requestOf(plain.id)).toEqual([]);

    ok(await sales.request('PATCH', `/api/v1/orders/${plain.id}`, { body: { status: 'in_design' } }));
    expect(await requestOf(plain.id)).toHaveLength(1);
    ok(await sales.request('PATCH', `/api/v1/orders/${plain.id}`, { body: { designerId } }));
    expect(await requestOf(plain.id)).toEqual([
      expect.objectContaining({ designer: expect.objectContaining({ id: designerId }) }),
    ]);
  });

  it('leaves the requests of cancelled orders out of the queue', async () => {
    const request = await newRequest();
    ok(await sales.request('PATCH', `/api/v1/orders/${request.orderId}`, { body: { status: 'cancelled' } }));
    const ids = ok(await designer.request('GET', '/api/v1/design-requests')).map((r: { id: string }) => r.id);
    expect(ids).not.toContain(request.id);
    // Still there to read, with its revisions, and found by its order (the order page's Design panel).
    ok(await designer.request('GET', `/api/v1/design-requests/${request.id}`));
    const ofOrder = `/api/v1/design-requests?orderId=${request.orderId}`;
    expect(ok(await sales.request('GET', ofOrder)).map((r: { id: string }) => r.id)).toEqual([request.id]);
    // Another salesperson's customer's order: nothing, as in the queue.
    expect(ok(await otherSales.request('GET', ofOrder))).toEqual([]);
  });

  it('refuses a designer who does not exist, on the field, when opening or updating a request', async () => {
    const nobody = 'ffffffe0-3981-7585-8000-00090000000d';
    const order = ok(
      await sales.request('POST', '/api/v1/orders', { body: { customerId, description: 'Custom pendant' } }),
      201,
    );
    const opened = await sales.request('POST', '/api/v1/design-requests', {
      body: { orderId: order.id, designerId: nobody },
    });
    expect(opened.statusCode).toBe(400);
    expect(opened.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ field: 'designerId', message: 'This user does not exist.' }] },
    });
    const request = await newRequest();
    const moved = await designer.request('PATCH', `/api/v1/design-requests/${request.id}`, {
      body: { designerId: nobody },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details.issues[0].field).toBe('designerId');
  });

  it('refuses a second request for the same order', async () => {
    const request = await newRequest();
    const again = await sales.request('POST', '/api/v1/design-requests', {
      body: { orderId: request.orderId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
  });

  it('numbers revisions, takes renders and refuses a file that only pretends to be an image', async () => {
    const request = await newRequest();
    ok(
      await designer.request('PATCH', `/api/v1/design-requests/${request.id}`, {
        body: { status: 'in-progress' },
      }),
    );
    const first = await revisionWithFile(request.id, 'First sketch');
    const second = await revisionWithFile(request.id, 'Thinner band');
    expect([first.number, second.number]).toEqual([1, 2]);

    const disguised = await designer.request(
      'POST',
      `/api/v1/design-requests/${request.id}/revisions/${second.id}/files`,
      multipartBody([
        { filename: 'render.png', contentType: 'image/png', data: Buffer.from('%PDF-1.7 nope') },
      ]),
    );
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().code).toBe('UNSUPPORTED_FILE_TYPE');

    const detail = ZDesignRequestSchema.parse(
      ok(await designer.request('GET', `/api/v1/design-requests/${request.id}`)),
    );
    // Galleries ask for a server-made thumbnail; the original stays as uploaded.
    const file = detail.revisions[0]?.files[0];
    const thumb = await designer.request('GET', `${file?.url}?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const original = await designer.request('GET', file?.url ?? '');
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(PNG_1X1)).toBe(true);
    expect(detail.revisions.map((r) => [r.number, r.files.length])).toEqual([
      [2, 1],
      [1, 1],
    ]);
  });

  it('keeps CAD files of a revision with their type and size, checked against their content', async () => {
    const request = await newRequest();
    const revision = await revisionWithFile(request.id, 'With the model');
    // The CAD files come a moment after the render: on the frozen test clock both uploads would share one
    // createdAt, and their order would fall to their random ids.
    t.clock.advance(1_000);
    const stl = Buffer.alloc(84 + 2 * 50);
    stl.writeUInt32LE(2, 80);
    const obj = Buffer.from('# ring\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
    const filesUrl = `/api/v1/design-requests/${request.id}/revisions/${revision.id}/files`;
    const added = ok(
      await designer.request(
        'POST',
        filesUrl,
        multipartBody([
          { filename: 'ring.stl', contentType: 'application/octet-stream', data: stl },
          { filename: 'ring.obj', contentType: 'text/plain', data: obj },
        ]),
      ),
      201,
    );
    expect(
      added.map((file: { fileName: string; contentType: string; sizeBytes: number }) => [
        file.fileName,
        file.contentType,
        file.sizeBytes,
      ]),
    ).toEqual([
      ['ring.stl', 'model/stl', stl.length],
      ['ring.obj', 'model/obj', obj.length],
    ]);
    const download = await designer.request('GET', added[0].url);
    expect(download.headers['content-type']).toBe('model/stl');
    expect(download.rawPayload.equals(stl)).toBe(true);

    // A picture renamed .stl, and a binary STL cut short, are refused; nothing of either upload is kept.
    for (const data of [PNG_1X1, stl.subarray(0, 120)]) {
      const refused = await designer.request(
        'POST',
        filesUrl,
        multipartBody([{ filename: 'model.stl', contentType: 'model/stl', data }]),
      );
      expect(refused.statusCode).toBe(415);
      expect(refused.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    }
    const detail = ZDesignRequestSchema.parse(
      ok(await designer.request('GET', `/api/v1/design-requests/${request.id}`)),
    );
    expect(detail.revisions[0]?.files.map((file) => file.fileName)).toEqual([
      'render-1.png',
      'ring.stl',
      'ring.obj',
    ]);

    // The customer's page offers them too, through its own link only.
    const link = ok(await send(designer, request.id, revision.id));
    const page = ZPublicDesignRevisionSchema.parse(ok(await view(link.token)));
    expect(page.files.map((file) => file.contentType).sort()).toEqual([
      'image/png',
      'model/obj',
      'model/stl',
    ]);
  });

  it('will not send a revision without a file', async () => {
    const request = await newRequest();
    const empty = ok(
      await designer.request('POST', `/api/v1/design-requests/${request.id}/revisions`, {
        body: { notes: '' },
      }),
      201,
    );
    const response = await send(designer, request.id, empty.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('shows the customer only the revision the link was sent for, and nothing once revoked', async () => {
    const request = await newRequest();
    const first = await revisionWithFile(request.id, 'First sketch');
    const second = await revisionWithFile(request.id, 'Second sketch');
    const link = ok(await send(sales, request.id, first.id));
    expect(link.url).toBe(`http://loupe.test/design-approval/${link.token}`);
    expect(Buffer.from(link.token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const page = await view(link.token);
    expect(page.headers['cache-control']).toBe('no-store');
    const data = ZPublicDesignRevisionSchema.parse(ok(page));
    // Every field the page returns, listed: anything added must be added here on purpose.
    expect(Object.keys(page.json().data).sort()).toEqual([
      'companyName',
      'decidedAt',
      'decidedByName',
      'decision',
      'decisionComment',
      'files',
      'notes',
      'orderNumber',
      'revisionNumber',
      'sentAt',
    ]);
    expect(data).toMatchObject({
      revisionNumber: 1,
      notes: 'First sketch',
      orderNumber: request.orderNumber,
    });
    expect(data.files.map((file) => file.id)).toEqual([first.files[0]?.id]);

    const own = await t.client().request('GET', data.files[0]?.url ?? '');
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG_1X1)).toBe(true);
    // The other revision's file through this revision's link: not found.
    const foreign = await t
      .client()
      .request('GET', `/api/v1/public/design-approvals/${link.token}/files/${second.files[0]?.id}`);
    expect(foreign.statusCode).toBe(404);
    // Staff's tracking page does not open with it either.
    expect((await t.client().request('GET', `/api/v1/public/tracking/${link.token}`)).statusCode).toBe(404);

    ok(
      await designer.request(
        'DELETE',
        `/api/v1/design-requests/${request.id}/revisions/${first.id}/approval-link`,
      ),
    );
    const revoked = await view(link.token);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().code).toBe('DESIGN_APPROVAL_LINK_NOT_FOUND');
    expect((await decide(link.token, { decision: 'approved' })).statusCode).toBe(404);
    const after = ZDesignRequestSchema.parse(
      ok(await designer.request('GET', `/api/v1/design-requests/${request.id}`)),
    );
    expect(after.status).toBe('in-progress');
  });

  it('sending a newer revision revokes the older link', async () => {
    const request = await newRequest();
    const first = await revisionWithFile(request.id, 'One');
    const oldLink = ok(await send(designer, request.id, first.id));
    const second = await revisionWithFile(request.id, 'Two');
    const newLink = ok(await send(designer, request.id, second.id));
    // Issue 35 §7: the old link says it was replaced, with its stable code, and takes no answer.
    for (const refused of [
      await view(oldLink.token),
      await decide(oldLink.token, { decision: 'approved' }),
    ]) {
      expect(refused.statusCode).toBe(410);
      expect(refused.json()).toMatchObject({
        code: 'DESIGN_APPROVAL_LINK_EXPIRED',
        details: { reason: 'superseded' },
        message: expect.stringMatching(/newer design/),
      });
    }
    expect(ok(await view(newLink.token)).revisionNumber).toBe(2);
    // A second press gives the same link.
    expect(ok(await send(designer, request.id, second.id)).token).toBe(newLink.token);
  });

  it('takes one answer per revision: changes, then approval, kept in the history, the bell and the workflow', async () => {
    const request = await newRequest();
    const first = await revisionWithFile(request.id, 'First sketch');
    const firstLink = ok(await send(designer, request.id, first.id));

    const noComment = await decide(firstLink.token, { decision: 'changes-requested', comment: '' });
    expect(noComment.statusCode).toBe(400);
    const changes = ok(
      await decide(firstLink.token, { decision: 'changes-requested', comment: 'Thinner band' }),
    );
    expect(changes).toMatchObject({ decision: 'changes-requested', decisionComment: 'Thinner band' });
    const twice = await decide(firstLink.token, { decision: 'approved' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('DESIGN_DECISION_ALREADY_MADE');
    let detail = ZDesignRequestSchema.parse(
      ok(await designer.request('GET', `/api/v1/design-requests/${request.id}`)),
    );
    expect(detail.status).toBe('changes-requested');
    // An answered revision is not sent again: the designer makes a new one.
    expect((await send(designer, request.id, first.id)).statusCode).toBe(409);

    const second = await revisionWithFile(request.id, 'Thinner band, as asked');
    const secondLink = ok(await send(sales, request.id, second.id));
    ok(await decide(secondLink.token, { decision: 'approved' }));
    expect(
      (await decide(secondLink.token, { decision: 'changes-requested', comment: 'Hmm' })).json().code,
    ).toBe('DESIGN_DECISION_ALREADY_MADE');

    detail = ZDesignRequestSchema.parse(
      ok(await designer.request('GET', `/api/v1/design-requests/${request.id}`)),
    );
    expect(detail.status).toBe('approved');

    const history = ok(await sales.request('GET', `/api/v1/orders/${request.orderId}/history`)).items as {
      action: string;
      changes: Record<string, { to: unknown }>;
    }[];
    const actions = history.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'design-requested',
        'design-sent-for-approval',
        'design-changes-requested',
        'design-approved',
      ]),
    );
    // The default order workflow starts in Design; approval moves it past Customer approval, to CAD.
    const phase = history.find((entry) => entry.action === 'phase-changed');
    expect(phase?.changes.phase).toEqual({ from: 'Design', to: 'CAD' });

    for (const client of [designer, sales]) {
      const bell = ok(await client.request('GET', '/api/v1/notifications'));
      const titles = (bell.items as { title: string; kind: string }[])
        .filter((n) => n.kind === 'design')
        .map((n) => n.title);
      expect(titles).toContain(`${request.orderNumber}: Revision 2 approved by the customer`);
      expect(titles).toContain(`${request.orderNumber}: Changes requested on revision 1`);
    }
  });

  it("keeps the customer's typed name with the answer and its time, and shows it to the designer (issue 35 §7)", async () => {
    const request = await newRequest();
    const revision = await revisionWithFile(request.id, 'Front view');
    const link = ok(await send(designer, request.id, revision.id));
    for (const name of [undefined, '   ']) {
      const unnamed = await t
        .client()
        .request('POST', `/api/v1/public/design-approvals/${link.token}/decision`, {
          body: { decision: 'approved', ...(name === undefined ? {} : { name }) },
        });
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json().details.issues.map((issue: { field: string }) => issue.field)).toContain(
        'body.name',
      );
    }
    // Nothing was kept by the refused answers: the link still takes one.
    expect(ok(await view(link.token)).decision).toBeNull();

    t.clock.advance(60_000);
    const answeredAt = t.clock().toISOString();
    const page = ok(await decide(link.token, { decision: 'approved', name: '  Grace B. Hopper ' }));
    expect(page).toMatchObject({
      decision: 'approved',
      decidedByName: 'Grace B. Hopper',
      decidedAt: answeredAt,
    });

    const detail = ZDesignRequestSchema.parse(
      ok(await designer.request('GET', `/api/v1/design-requests/${request.id}`)),
    );
    expect(detail.revisions[0]).toMatchObject({
      decision: 'approved',
      decidedByName: 'Grace B. Hopper',
      decidedAt: answeredAt,
    });
    const history = ok(await sales.request('GET', `/api/v1/orders/${request.orderId}/history`)).items as {
      action: string;
      changes: Record<string, { to: unknown }>;
    }[];
    expect(history.find((entry) => entry.action === 'design-approved')?.changes.confirmedBy?.to).toBe(
      'Grace B. Hopper',
    );
  });

  it.each(['delivered', 'cancelled'])(
    'expires the link once the order is %s, answered or not (issue 35 §7)',
    async (finished) => {
      const answered = await newRequest();
      const waiting = await newRequest();
      const links = [];
      for (const request of [answered, waiting]) {
        const revision = await revisionWithFile(request.id, 'Front view');
        links.push(ok(await send(designer, request.id, revision.id)));
      }
      const [answeredLink, waitingLink] = links;
      ok(await decide(answeredLink.token, { decision: 'approved' }));
      for (const request of [answered, waiting]) {
        if (finished === 'delivered') {
          for (const status of ['in_production', 'quality_check', 'ready', 'delivered']) {
            await setOrderStatus(request.orderId, status);
          }
        } else {
          await setOrderStatus(request.orderId, 'cancelled');
        }
      }
      for (const link of [answeredLink, waitingLink]) {
        for (const refused of [await view(link.token), await decide(link.token, { decision: 'approved' })]) {
          expect(refused.statusCode).toBe(410);
          expect(refused.json()).toMatchObject({
            code: 'DESIGN_APPROVAL_LINK_EXPIRED',
            details: { reason: 'order-finished' },
          });
        }
        const file = await t.client().request('GET', `/api/v1/public/design-approvals/${link.token}/files/x`);
        expect(file.statusCode).not.toBe(200);
      }
      // Staff no longer get a link to copy for the waiting revision, nor send it again.
      const detail = ZDesignRequestSchema.parse(
        ok(await designer.request('GET', `/api/v1/design-requests/${waiting.id}`)),
      );
      expect(detail.revisions[0]?.approvalUrl).toBeNull();
      const again = await send(designer, waiting.id, detail.revisions[0]?.id ?? '');
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('CONFLICT');
    },
  );

  it("puts each request in the board column of its order's phase (issue 35 §7)", async () => {
    const fresh = await newRequest();
    const atQa = await newRequest();
    const approved = await newRequest();
    expect(await queueEntry(fresh.id)).toMatchObject({
      status: 'new',
      column: 'new',
      orderPhase: { key: 'design' },
    });

    // An order moved on to QA without a design approved here: its request goes with it, out of New.
    for (const status of ['in_production', 'quality_check']) await setOrderStatus(atQa.orderId, status);
    expect(await queueEntry(atQa.id)).toMatchObject({
      status: 'new',
      column: 'past-design',
      orderPhase: { key: 'qa' },
    });

    // An approval moves the order on to CAD; the request stays in Approved, and stays there as the order goes on.
    const revision = await revisionWithFile(approved.id, 'Front view');
    ok(await decide(ok(await send(designer, approved.id, revision.id)).token, { decision: 'approved' }));
    expect(await queueEntry(approved.id)).toMatchObject({ column: 'approved', orderPhase: { key: 'cad' } });
    for (const status of ['in_production', 'quality_check']) await setOrderStatus(approved.orderId, status);
    expect(await queueEntry(approved.id)).toMatchObject({ column: 'approved', orderPhase: { key: 'qa' } });

    // Asked for by its order once it is delivered: off the workflow, the request says where it ended.
    for (const status of ['ready', 'delivered']) await setOrderStatus(approved.orderId, status);
    expect(await queueEntry(approved.id)).toBeUndefined();
    const ofOrder = ok(await designer.request('GET', `/api/v1/design-requests?orderId=${approved.orderId}`));
    expect(ofOrder).toEqual([expect.objectContaining({ column: 'approved', orderPhase: null })]);
  });

  it('answers one 404 for a token never issued', async () => {
    const response = await view('A'.repeat(32));
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('DESIGN_APPROVAL_LINK_NOT_FOUND');
  });
});
