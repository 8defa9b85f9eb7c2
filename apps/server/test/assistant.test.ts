import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type TAssistantStreamEvent,
  ZAssistantStreamEventSchema,
} from '@loupe/domain/assistant/assistant-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../src/db/schema/system.ts';
import { createAssistantWorkshop, type TAssistantWorkshop } from './support/assistant-workshop.ts';
import { fakeDns } from './support/fake-dns.ts';
import type { TTestClient } from './support/test-app.ts';

let w: TAssistantWorkshop;

beforeAll(async () => {
  w = await createAssistantWorkshop({
    env: { SECRET_KEY: 'a test secret that is long enough' },
    // A model server's public-looking name that a DNS server answers with a private address (rebinding).
    outboundLookup: fakeDns({ 'llm.provider.test': '127.0.0.1' }),
  });
}, 240_000);

afterAll(async () => {
  await w?.close();
});

function eventsOf(body: string): TAssistantStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => ZAssistantStreamEventSchema.parse(JSON.parse(block.slice(6))));
}

async function ask(client: TTestClient, question: string) {
  const created = await client.request('POST', '/api/v1/assistant/conversations', { body: {} });
  expect(created.statusCode).toBe(200);
  const conversationId = (created.json() as { data: { id: string } }).data.id;
  const response = await client.request(
    'POST',
    `/api/v1/assistant/conversations/${conversationId}/messages`,
    {
      body: { question },
    },
  );
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/event-stream');
  const events = eventsOf(response.body);
  const done = events.find((event) => event.type === 'done');
  if (done?.type !== 'done') throw new Error(`no answer: ${response.body}`);
  return { conversationId, events, message: done.message, answer: done.message.answer };
}

// The test's model servers listen on 127.0.0.1: on the LAN, which the admin allows.
const settingsBody = (baseUrl: string, extra: Record<string, unknown> = {}) => ({
  provider: 'openai',
  baseUrl,
  model: 'test-model',
  assistantName: 'Gemma',
  tone: 'concise',
  timeoutSeconds: 5,
  allowPrivateNetwork: true,
  ...extra,
});

describe('permissions: the assistant sees what its user may see (issue 16 §1)', () => {
  it('counts what each role’s API shows it, and narrows to “my” jobs only when asked (issue 32 §4)', async () => {
    const admin = await ask(w.clients.admin, 'what is overdue?');
    const sales = await ask(w.clients.salesperson, 'what is overdue?');
    const designer = await ask(w.clients.designer, 'what is overdue?');
    // Admins and salespeople see orders and repairs, as their lists do; a designer sees orders only.
    expect(admin.message.text).toContain('**3 jobs** are overdue');
    expect(sales.message.text).toContain('**3 jobs** are overdue');
    expect(sales.message.text).toContain('REP-00006');
    expect(designer.message.text).toContain('**2 orders** are overdue');
    expect(designer.message.text).not.toContain('REP-00006');
    // Rafael Costa sells every order and no repair: “my” jobs leave REP-00006 out.
    const mine = await ask(w.clients.salesperson, 'what of mine is overdue?');
    expect(mine.message.text).toContain('**2 jobs** are overdue among the jobs you sell or are assigned');
    expect(mine.message.text).not.toContain('REP-00006');
  });

  it('shows reader health to an admin and refuses it to a salesperson', async () => {
    const admin = await ask(w.clients.admin, 'are the readers online?');
    const sales = await ask(w.clients.salesperson, 'are the readers online?');
    expect(admin.message.text).toContain('4 of 4 readers online');
    expect(sales.message.text).toBe('Only admins and managers can see reader health.');
    expect(sales.answer?.tables).toEqual([]);
  });

  it('keeps repairs from a designer, as the repairs API does, without telling which exist (issue 32 §4)', async () => {
    const real = await ask(w.clients.designer, 'where is REP-00007?');
    const madeUp = await ask(w.clients.designer, 'where is REP-99999?');
    expect(real.message.text).not.toContain('Microscope station');
    expect(real.message.text).toBe(
      "I can't find an open order **REP-00007**. Repairs are not shown to your role.",
    );
    expect(madeUp.message.text).toBe(real.message.text.replace('REP-00007', 'REP-99999'));
    const why = await ask(w.clients.designer, 'why is REP-00006 late?');
    const whyMadeUp = await ask(w.clients.designer, 'why is REP-99998 late?');
    expect(why.message.text).toBe(whyMadeUp.message.text.replace('REP-99998', 'REP-00006'));
    const repairs = await ask(w.clients.designer, 'how many repairs are offsite?');
    expect(repairs.message.text).toBe('You do not have permission to see repairs.');
    // Offsite orders are on a designer's dashboard and orders list: the assistant counts them the same.
    const offsite = await ask(w.clients.designer, 'what is offsite?');
    expect(offsite.message.text).toContain('**2 orders** are offsite');
  });
});

type TTemplate = {
  kind: 'order' | 'repair';
  productTypeId: string | null;
  phases: TPhase[];
  repairTypeSteps: { phase: TPhase }[];
};
type TPhase = { key: string; departmentIds: string[]; completerRoles: string[] };
type TBoardJob = {
  kind: 'order' | 'repair';
  number: string;
  workflow: { phaseKey: string };
  state: { isOverdue: boolean; isAtRisk: boolean; isOverPhaseTarget: boolean; isOffsite: boolean };
  location: { departmentId: string; expectedOffsite: boolean } | null;
  assignment: { assignee: { id: string } } | null;
};

describe('one-click suggestions fit the work (issue 32 §4)', () => {
  it('offers a phase only to a role that completes it, nudges only work behind, expects offsite only a piece leaving', async () => {
    const data = async <T>(url: string) =>
      ((await w.clients.admin.request('GET', `/api/v1${url}`)).json() as { data: T }).data;
    const templates = await data<TTemplate[]>('/workflow/templates');
    const people = await data<{ id: string; role: string }[]>('/workflow/people');
    const jobs = (
      await Promise.all(
        (['order', 'repair'] as const).map((kind) =>
          data<{ columns: { jobs: TBoardJob[] }[] }>(`/workflow/board?kind=${kind}`),
        ),
      )
    ).flatMap((board) => board.columns.flatMap((column) => column.jobs));
    expect(jobs.length).toBeGreaterThan(20);
    const admin = { id: w.userIds.admin, role: 'admin' as const };
    const seen = { assign: 0, nudge: 0, 'expect-offsite': 0 };
    for (const job of jobs) {
      const template = templates.find((t) => t.kind === job.kind && t.productTypeId === null);
      const phases = [...(template?.phases ?? []), ...(template?.repairTypeSteps ?? []).map((s) => s.phase)];
      const phase = phases.find((candidate) => candidate.key === job.workflow.phaseKey);
      const answer = await w.t.app.loupe.assistant.answer(admin, `where is ${job.number}?`);
      const behind = job.state.isOverdue || job.state.isAtRisk || job.state.isOverPhaseTarget;
      for (const action of answer.actions) {
        if (action.kind === 'open') continue;
        seen[action.kind] += 1;
        if (action.kind === 'assign') {
          const role = people.find((person) => person.id === action.assigneeId)?.role ?? '';
          expect(phase?.completerRoles, `${action.label}: a ${role}`).toContain(role);
        }
        if (action.kind === 'nudge') expect(behind, action.label).toBe(true);
        if (action.kind === 'expect-offsite') {
          const outside = !phases.some((p) => p.departmentIds.includes(job.location?.departmentId ?? ''));
          expect(job.state.isOffsite || outside, action.label).toBe(true);
          expect(job.location?.expectedOffsite, action.label).toBe(false);
        }
      }
      // "Why is it overdue?" is offered for a job that is behind, never for one on track.
      const why = answer.followUps.filter((question) => question.startsWith('Why'));
      expect(why.length, `${job.number}: ${why.join()}`).toBe(behind || job.state.isOffsite ? 1 : 0);
      expect(why.join(), job.number).not.toMatch(/\blate\b/);
    }
    // Each kind of suggestion was offered somewhere, so the checks above checked something.
    expect(seen.assign).toBeGreaterThan(0);
    expect(seen.nudge).toBeGreaterThan(0);
    expect(seen['expect-offsite']).toBeGreaterThan(0);
  }, 120_000);
});

describe('conversations (issue 16 §4)', () => {
  it('streams the answer in pieces, then stores the question and the answer with citations', async () => {
    const { conversationId, events, message } = await ask(w.clients.manager, 'where is ORD-00012?');
    const deltas = events.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => (event.type === 'delta' ? event.text : '')).join('')).toBe(message.text);
    expect(events[0]).toMatchObject({ type: 'step', step: { tool: 'job_location' } });
    expect(message.answer?.citations).toContainEqual(
      expect.objectContaining({ kind: 'order', label: 'ORD-00012' }),
    );
    const detail = await w.clients.manager.request(
      'GET',
      `/api/v1/assistant/conversations/${conversationId}`,
    );
    const data = (detail.json() as { data: { title: string; messages: { role: string; text: string }[] } })
      .data;
    expect(data.title).toBe('where is ORD-00012?');
    expect(data.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(data.messages[0]?.text).toBe('where is ORD-00012?');
  });

  it('renames and deletes a conversation, and keeps it from everyone else', async () => {
    const { conversationId } = await ask(w.clients.operator, 'help');
    const url = `/api/v1/assistant/conversations/${conversationId}`;
    const renamed = await w.clients.operator.request('PATCH', url, { body: { title: 'Morning questions' } });
    expect((renamed.json() as { data: { title: string } }).data.title).toBe('Morning questions');
    const list = await w.clients.operator.request('GET', '/api/v1/assistant/conversations');
    expect((list.json() as { data: { title: string }[] }).data.map((c) => c.title)).toContain(
      'Morning questions',
    );
    // Another person's conversation does not exist for them: not readable, not askable, not deletable.
    expect((await w.clients.qa.request('GET', url)).statusCode).toBe(404);
    expect(
      (await w.clients.qa.request('POST', `${url}/messages`, { body: { question: 'help' } })).statusCode,
    ).toBe(404);
    expect((await w.clients.qa.request('DELETE', url)).statusCode).toBe(404);
    expect((await w.clients.operator.request('DELETE', url)).statusCode).toBe(200);
    expect((await w.clients.operator.request('GET', url)).statusCode).toBe(404);
  });
});

type TRecorded = {
  authorization: string | undefined;
  body: { messages: { role: string; content?: string | null }[]; tools?: unknown[] };
};

/** A local stand-in for an OpenAI-compatible vendor: chat completions, streamed, with function calling. */
function openAiServer(script: (request: TRecorded, index: number) => { status?: number; chunks: unknown[] }) {
  const requests: TRecorded[] = [];
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const recorded = {
      authorization: request.headers.authorization,
      body: JSON.parse(raw) as TRecorded['body'],
    };
    requests.push(recorded);
    if (request.url !== '/v1/chat/completions') {
      response.writeHead(404).end();
      return;
    }
    const { status = 200, chunks } = script(recorded, requests.length - 1);
    if (status !== 200) {
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end('{"error":{"message":"overloaded"}}');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const chunk of chunks) {
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    response.end('data: [DONE]\n\n');
  });
  return {
    requests,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const toolCall = (name: string, args: unknown) => ({
  choices: [
    {
      delta: {
        tool_calls: [
          { index: 0, id: 'call_1', type: 'function', function: { name, arguments: JSON.stringify(args) } },
        ],
      },
    },
  ],
});
const textChunk = (content: string) => ({ choices: [{ delta: { content } }] });

describe('a configured provider (issue 16 §3)', () => {
  it('stores the key sealed, never shows it, and lets only admins change the settings', async () => {
    const saved = await w.clients.admin.request('PUT', '/api/v1/assistant/settings', {
      body: settingsBody('http://127.0.0.1:9/v1', { apiKey: 'sk-very-secret-key' }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('sk-very-secret-key');
    const [row] = await w.t.database.db.select().from(settings).where(eq(settings.key, 'assistant'));
    expect(JSON.stringify(row?.value)).not.toContain('sk-very-secret-key');
    const read = await w.clients.salesperson.request('GET', '/api/v1/assistant/settings');
    expect(read.json()).toMatchObject({
      data: { provider: 'openai', hasApiKey: true, assistantName: 'Gemma' },
    });
    expect(read.body).not.toContain('sk-very');
    // The provider's address is an admin's business (issue 34 §5): it may name a machine of the LAN.
    expect(read.json().data.baseUrl).toBeNull();
    const adminRead = await w.clients.admin.request('GET', '/api/v1/assistant/settings');
    expect(adminRead.json().data.baseUrl).toBe('http://127.0.0.1:9/v1');
    const config = await w.t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ aiAssistantName: 'Gemma' });
    const refused = await w.clients.manager.request('PUT', '/api/v1/assistant/settings', {
      body: settingsBody('http://127.0.0.1:9/v1'),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lets the model call tools as the asking user and streams its answer', async () => {
    // Asked a question, the model calls a tool; given the tool's result, it writes the answer.
    const vendor = openAiServer((request) =>
      request.body.messages.at(-1)?.role === 'user'
        ? {
            chunks: [
              toolCall('list_jobs', { views: ['overdue'] }),
              { choices: [{ delta: {}, finish_reason: 'tool_calls' }] },
            ],
          }
        : {
            chunks: ['Three jobs ', 'are overdue: ', 'ORD-00003, ORD-00007 ', 'and REP-00006.'].map(
              textChunk,
            ),
          },
    );
    const baseUrl = await vendor.start();
    try {
      await w.clients.admin.request('PUT', '/api/v1/assistant/settings', {
        body: settingsBody(baseUrl, { apiKey: 'sk-local-test' }),
      });
      const admin = await ask(w.clients.admin, 'What is overdue?');
      expect(vendor.requests[0]?.authorization).toBe('Bearer sk-local-test');
      expect(vendor.requests[0]?.body.tools).toHaveLength(8);
      const toolMessage = vendor.requests[1]?.body.messages.find((m) => m.role === 'tool');
      expect(toolMessage?.content).toContain('REP-00006');
      expect(toolMessage?.content).toContain('"count":3');
      expect(admin.answer?.engine).toBe('openai');
      expect(admin.answer?.notice).toBeNull();
      expect(admin.message.text).toBe('Three jobs are overdue: ORD-00003, ORD-00007 and REP-00006.');
      expect(admin.events.filter((e) => e.type === 'delta')).toHaveLength(4);
      expect(admin.answer?.steps).toEqual([
        expect.objectContaining({ tool: 'list_jobs', input: { views: ['overdue'] } }),
      ]);
      expect(admin.answer?.citations.map((c) => c.label)).toContain('REP-00006');

      // The same tool call for a designer returns only what a designer may see: orders.
      await ask(w.clients.designer, 'What is overdue?');
      const designerToolMessage = vendor.requests[3]?.body.messages.find((m) => m.role === 'tool');
      expect(designerToolMessage?.content).toContain('ORD-00007');
      expect(designerToolMessage?.content).not.toContain('REP-00006');
    } finally {
      await vendor.close();
    }
  });

  it('falls back to the built-in engine with a notice when the vendor fails', async () => {
    const vendor = openAiServer(() => ({ status: 503, chunks: [] }));
    const baseUrl = await vendor.start();
    try {
      // A new address with no key: the stored key (entered for another address) is removed, not carried over.
      const saved = await w.clients.admin.request('PUT', '/api/v1/assistant/settings', {
        body: settingsBody(baseUrl, { apiKey: null }),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { answer, message } = await ask(w.clients.admin, 'what is at Bench 2?');
      expect(answer?.engine).toBe('built-in');
      expect(answer?.notice).toContain('The AI provider did not answer (the provider answered 503');
      expect(message.text).toContain('ORD-00002');
      const tested = await w.clients.admin.request('POST', '/api/v1/assistant/settings/test', {
        body: settingsBody(baseUrl),
      });
      expect(tested.json()).toMatchObject({ data: { ok: false } });
    } finally {
      await vendor.close();
    }
  });

  it('tests a connection that works', async () => {
    const vendor = openAiServer(() => ({ chunks: [textChunk('OK')] }));
    const baseUrl = await vendor.start();
    try {
      const tested = await w.clients.admin.request('POST', '/api/v1/assistant/settings/test', {
        body: settingsBody(baseUrl, { apiKey: 'sk-try-me' }),
      });
      expect(tested.json()).toMatchObject({
        data: { ok: true, message: 'Connected: test-model answered “OK”.' },
      });
      expect(vendor.requests[0]?.authorization).toBe('Bearer sk-try-me');
    } finally {
      await vendor.close();
      await w.clients.admin.request('PUT', '/api/v1/assistant/settings', {
        body: settingsBody('', { provider: 'none', model: '', apiKey: null }),
      });
    }
  });
});

// Issue 34 §2: PUT /assistant/settings with a new baseUrl sent the stored AI key there.
describe('the AI provider’s address and key (issue 34 §2)', () => {
  const put = (body: Record<string, unknown>) =>
    w.clients.admin.request('PUT', '/api/v1/assistant/settings', { body });

  it('asks for the key again when the address or the provider changes, and never sends the stored one elsewhere', async () => {
    const vendor = openAiServer(() => ({ chunks: [textChunk('OK')] }));
    const listener = openAiServer(() => ({ chunks: [textChunk('thanks for the key')] }));
    const [vendorUrl, listenerUrl] = [await vendor.start(), await listener.start()];
    try {
      expect((await put(settingsBody(vendorUrl, { apiKey: 'sk-stored-for-the-vendor' }))).statusCode).toBe(
        200,
      );
      for (const [name, body] of [
        ['a new address', settingsBody(listenerUrl)],
        ['another provider at the same address', settingsBody(vendorUrl, { provider: 'anthropic' })],
      ] as const) {
        const moved = await put(body);
        expect(moved.statusCode, name).toBe(400);
        expect(moved.json(), name).toMatchObject({
          code: 'SECRET_REQUIRED',
          details: { issues: [{ field: 'body.apiKey' }] },
        });
      }
      // Testing a new address tries no stored key either.
      const tested = await w.clients.admin.request('POST', '/api/v1/assistant/settings/test', {
        body: settingsBody(listenerUrl),
      });
      expect(tested.json()).toMatchObject({ code: 'SECRET_REQUIRED' });
      expect(listener.requests).toEqual([]);
      // The stored settings are untouched, and the key still works where it was entered.
      expect((await w.clients.admin.request('GET', '/api/v1/assistant/settings')).json().data).toMatchObject({
        baseUrl: vendorUrl,
        hasApiKey: true,
      });
      const answered = await ask(w.clients.admin, 'Are you there?');
      expect(answered.answer?.engine).toBe('openai');
      expect(vendor.requests.at(-1)?.authorization).toBe('Bearer sk-stored-for-the-vendor');
      // With its own key the new address is taken, and gets that key only.
      expect((await put(settingsBody(listenerUrl, { apiKey: 'sk-for-the-listener' }))).statusCode).toBe(200);
      await ask(w.clients.admin, 'Are you there?');
      expect(listener.requests.map((request) => request.authorization)).toEqual([
        'Bearer sk-for-the-listener',
      ]);
    } finally {
      await vendor.close();
      await listener.close();
      await put(settingsBody('', { provider: 'none', model: '', apiKey: null }));
    }
  });

  it.each([
    ['localhost', 'http://localhost:11434/v1'],
    ['an IP', 'http://127.0.0.1:11434/v1'],
    ['a private network', 'http://10.0.0.7/v1'],
  ])('refuses %s without the on-premises opt-in (URL_NOT_ALLOWED)', async (_name, baseUrl) => {
    const response = await put(settingsBody(baseUrl, { apiKey: 'sk-x', allowPrivateNetwork: false }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'URL_NOT_ALLOWED',
      details: { issues: [{ field: 'body.baseUrl' }] },
    });
  });

  it('resolves the name when asking: one that resolves to a private address gets nothing', async () => {
    const vendor = openAiServer(() => ({ chunks: [textChunk('should not be asked')] }));
    const port = new URL(await vendor.start()).port;
    try {
      const saved = await put(
        settingsBody(`http://llm.provider.test:${port}/v1`, {
          apiKey: 'sk-rebound',
          allowPrivateNetwork: false,
        }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const { answer } = await ask(w.clients.admin, 'what is at Bench 2?');
      expect(answer?.engine).toBe('built-in');
      expect(answer?.notice).toContain('llm.provider.test resolves to 127.0.0.1');
      expect(vendor.requests).toEqual([]);
      // The admin's opt-in lets it through to the model server on the LAN.
      expect(
        (await put(settingsBody(`http://llm.provider.test:${port}/v1`, { allowPrivateNetwork: true })))
          .statusCode,
      ).toBe(200);
      await ask(w.clients.admin, 'what is at Bench 2?');
      expect(vendor.requests.map((request) => request.authorization)).toEqual(['Bearer sk-rebound']);
    } finally {
      await vendor.close();
      await put(settingsBody('', { provider: 'none', model: '', apiKey: null }));
    }
  });
});
