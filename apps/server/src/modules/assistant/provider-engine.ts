import type { TAssistantStep, TAssistantTone } from '@loupe/domain/assistant/assistant-api';
import type { TToolContext, TToolResult } from './tools.ts';

/**
 * A vendor's model as the engine (issue 16 §3): it plans tool calls (function calling) and writes the answer,
 * streamed. Two protocols: OpenAI-compatible chat completions (OpenAI, Ollama, vLLM…) and Anthropic's
 * messages API. Tools run on the server as the asking user; the model only ever sees their results.
 */

/** How a request leaves: the outbound guard's fetch under the provider's policy (lib/outbound-url.ts). */
export type TProviderFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<Response>;

export type TProviderConfig = {
  readonly provider: 'openai' | 'anthropic';
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey: string | null;
  readonly timeoutMs: number;
  readonly fetch: TProviderFetch;
};

export type TProviderToolbox = {
  readonly definitions: readonly { name: string; description: string; parameters: Record<string, unknown> }[];
  readonly run: (context: TToolContext, name: string, input: unknown) => Promise<TToolResult>;
};

export type TProviderRun = {
  readonly system: string;
  readonly history: readonly { role: 'user' | 'assistant'; text: string }[];
  readonly question: string;
  readonly context: TToolContext;
  readonly toolbox: TProviderToolbox;
  readonly onDelta: (text: string) => void;
  readonly onStep: (step: TAssistantStep) => void;
  readonly signal?: AbortSignal;
};

export type TProviderResult = { text: string; results: TToolResult[]; steps: TAssistantStep[] };

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

/** Tool rounds before the model must answer: a loop of calls is cut off rather than left running. */
const MAX_TOOL_ROUNDS = 4;
const ANTHROPIC_VERSION = '2023-06-01';
const MAX_TOKENS = 1024;

export function systemPrompt(options: {
  assistantName: string;
  companyName: string;
  tone: TAssistantTone;
  now: Date;
  timeZone: string;
}): string {
  const tone = {
    concise: 'Answer in short, plain sentences.',
    friendly: 'Answer warmly, in short, plain sentences.',
    formal: 'Answer formally, in short sentences.',
  }[options.tone];
  return [
    `You are ${options.assistantName}, the assistant of ${options.companyName}, a jewelry workshop.`,
    'Answer questions about orders, repairs, stations, departments, assignments and readers using only the tools; never invent data.',
    'Always cite job numbers (e.g. ORD-00012) exactly as the tools give them. Use a markdown table when listing more than three items.',
    'If a tool says the user may not see something, say so plainly.',
    // Issue 32: each state has its own word on every screen; the model says the same words.
    'Say "overdue" (past the promised date), "at risk" (predicted to miss it) and "over phase target" as the tools do; never call any of them "late". Give counts exactly as the tools give them.',
    tone,
    `Now is ${options.now.toISOString()} (workshop time zone ${options.timeZone}).`,
  ].join(' ');
}

const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** Reads a server-sent event stream, one `data:` payload at a time. */
async function* sseData(response: Response): AsyncGenerator<{ event: string | null; data: string }> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  let event: string | null = null;
  let data: string[] = [];
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line === '') {
        if (data.length > 0) yield { event, data: data.join('\n') };
        event = null;
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(5).trimStart());
      } else if (line.startsWith('event:')) {
        event = line.slice(6).trim();
      }
      newline = buffer.indexOf('\n');
    }
  }
  if (data.length > 0) yield { event, data: data.join('\n') };
}

async function post(
  send: TProviderFetch,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  signal: AbortSignal,
): Promise<Response> {
  let response: Response;
  try {
    response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    throw new ProviderError(
      signal.aborted
        ? 'the provider did not answer in time'
        : `the provider could not be reached (${(error as Error).message})`,
    );
  }
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).slice(0, 200);
    throw new ProviderError(`the provider answered ${response.status}${text ? `: ${text}` : ''}`);
  }
  return response;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text === '' ? '{}' : text);
  } catch {
    return {};
  }
}

/** The tool result as the model reads it: data only, never the tables and links meant for the screen. */
const toolContent = (result: TToolResult) =>
  JSON.stringify(result.denied === null ? result.data : { error: result.denied });

type TOpenAiToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };
type TOpenAiMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: TOpenAiToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

async function runOpenAi(
  config: TProviderConfig,
  run: TProviderRun,
  signal: AbortSignal,
): Promise<TProviderResult> {
  const messages: TOpenAiMessage[] = [
    { role: 'system', content: run.system },
    ...run.history.map((m) => ({ role: m.role, content: m.text }) as TOpenAiMessage),
    { role: 'user', content: run.question },
  ];
  const tools = run.toolbox.definitions.map((d) => ({
    type: 'function',
    function: { name: d.name, description: d.description, parameters: d.parameters },
  }));
  const results: TToolResult[] = [];
  const steps: TAssistantStep[] = [];
  let text = '';
  for (let round = 0; round <= MAX_TOOL_ROUNDS; round += 1) {
    const response = await post(
      config.fetch,
      joinUrl(config.baseUrl, '/chat/completions'),
      config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
      { model: config.model, messages, stream: true, ...(round < MAX_TOOL_ROUNDS ? { tools } : {}) },
      signal,
    );
    const calls = new Map<number, TOpenAiToolCall>();
    let roundText = '';
    for await (const { data } of sseData(response)) {
      if (data === '[DONE]') break;
      const chunk = parseJson(data) as {
        choices?: {
          delta?: {
            content?: string | null;
            tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
          };
        }[];
        error?: { message?: string };
      };
      if (chunk.error)
        throw new ProviderError(`the provider failed: ${chunk.error.message ?? 'unknown error'}`);
      const delta = chunk.choices?.[0]?.delta;
      if (delta?.content) {
        roundText += delta.content;
        run.onDelta(delta.content);
      }
      for (const call of delta?.tool_calls ?? []) {
        const index = call.index ?? 0;
        const current = calls.get(index) ?? {
          id: '',
          type: 'function' as const,
          function: { name: '', arguments: '' },
        };
        if (call.id) current.id = call.id;
        if (call.function?.name) current.function.name += call.function.name;
        if (call.function?.arguments) current.function.arguments += call.function.arguments;
        calls.set(index, current);
      }
    }
    text += roundText;
    if (calls.size === 0) return { text, results, steps };
    const toolCalls = [...calls.values()].map((call, i) => ({
      ...call,
      id: call.id || `call_${round}_${i}`,
    }));
    messages.push({ role: 'assistant', content: roundText || null, tool_calls: toolCalls });
    for (const call of toolCalls) {
      const input = parseJson(call.function.arguments);
      const result = await run.toolbox.run(run.context, call.function.name, input);
      const step = {
        tool: call.function.name,
        input: (input ?? {}) as Record<string, unknown>,
        summary: result.summary,
      };
      results.push(result);
      steps.push(step);
      run.onStep(step);
      messages.push({ role: 'tool', tool_call_id: call.id, content: toolContent(result) });
    }
  }
  return { text, results, steps };
}

type TAnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string };
type TAnthropicMessage = { role: 'user' | 'assistant'; content: string | TAnthropicBlock[] };

async function runAnthropic(
  config: TProviderConfig,
  run: TProviderRun,
  signal: AbortSignal,
): Promise<TProviderResult> {
  const messages: TAnthropicMessage[] = [
    ...run.history.map((m) => ({ role: m.role, content: m.text })),
    { role: 'user', content: run.question },
  ];
  const tools = run.toolbox.definitions.map((d) => ({
    name: d.name,
    description: d.description,
    input_schema: d.parameters,
  }));
  const results: TToolResult[] = [];
  const steps: TAssistantStep[] = [];
  let text = '';
  for (let round = 0; round <= MAX_TOOL_ROUNDS; round += 1) {
    const response = await post(
      config.fetch,
      joinUrl(config.baseUrl, '/v1/messages'),
      { 'x-api-key': config.apiKey ?? '', 'anthropic-version': ANTHROPIC_VERSION },
      {
        model: config.model,
        max_tokens: MAX_TOKENS,
        system: run.system,
        messages,
        stream: true,
        ...(round < MAX_TOOL_ROUNDS ? { tools } : {}),
      },
      signal,
    );
    const blocks: { type: string; text: string; id: string; name: string; json: string }[] = [];
    for await (const { data } of sseData(response)) {
      const event = parseJson(data) as {
        type?: string;
        index?: number;
        content_block?: { type?: string; id?: string; name?: string; text?: string };
        delta?: { type?: string; text?: string; partial_json?: string };
        error?: { message?: string };
      };
      if (event.type === 'error')
        throw new ProviderError(`the provider failed: ${event.error?.message ?? 'unknown error'}`);
      if (event.type === 'content_block_start' && event.content_block) {
        blocks[event.index ?? blocks.length] = {
          type: event.content_block.type ?? 'text',
          text: event.content_block.text ?? '',
          id: event.content_block.id ?? '',
          name: event.content_block.name ?? '',
          json: '',
        };
      } else if (event.type === 'content_block_delta' && event.delta) {
        const block = blocks[event.index ?? 0];
        if (!block) continue;
        if (event.delta.type === 'text_delta' && event.delta.text) {
          block.text += event.delta.text;
          text += event.delta.text;
          run.onDelta(event.delta.text);
        } else if (event.delta.type === 'input_json_delta' && event.delta.partial_json) {
          block.json += event.delta.partial_json;
        }
      }
    }
    const uses = blocks.filter((b) => b?.type === 'tool_use');
    if (uses.length === 0) return { text, results, steps };
    messages.push({
      role: 'assistant',
      content: blocks
        .filter((b) => b !== undefined)
        .map(
          (b): TAnthropicBlock =>
            b.type === 'tool_use'
              ? { type: 'tool_use', id: b.id, name: b.name, input: parseJson(b.json) }
              : { type: 'text', text: b.text },
        ),
    });
    const answers: TAnthropicBlock[] = [];
    for (const use of uses) {
      const input = parseJson(use.json);
      const result = await run.toolbox.run(run.context, use.name, input);
      const step = {
        tool: use.name,
        input: (input ?? {}) as Record<string, unknown>,
        summary: result.summary,
      };
      results.push(result);
      steps.push(step);
      run.onStep(step);
      answers.push({ type: 'tool_result', tool_use_id: use.id, content: toolContent(result) });
    }
    messages.push({ role: 'user', content: answers });
  }
  return { text, results, steps };
}

/** One question through the configured provider, within its timeout. */
export async function runProvider(config: TProviderConfig, run: TProviderRun): Promise<TProviderResult> {
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const signal = run.signal ? AbortSignal.any([timeout, run.signal]) : timeout;
  try {
    return config.provider === 'openai'
      ? await runOpenAi(config, run, signal)
      : await runAnthropic(config, run, signal);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (signal.aborted) throw new ProviderError('the provider did not answer in time');
    throw new ProviderError(`the provider's answer could not be read (${(error as Error).message})`);
  }
}
