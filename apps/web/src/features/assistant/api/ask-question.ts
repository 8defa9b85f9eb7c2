import {
  type TAssistantMessage,
  type TAssistantStreamEvent,
  ZAssistantStreamEventSchema,
} from '@loupe/domain/assistant/assistant-api';
import { apiClient } from '@/lib/api-client';

/**
 * POST /assistant/conversations/{id}/messages: the answer arrives as server-sent events; each is handed to
 * `onEvent` as it comes. Resolves with the stored answer (the `done` event).
 */
export async function askQuestion(input: {
  conversationId: string;
  question: string;
  onEvent: (event: TAssistantStreamEvent) => void;
  signal?: AbortSignal;
}): Promise<TAssistantMessage> {
  const response = await apiClient.stream(
    `assistant/conversations/${encodeURIComponent(input.conversationId)}/messages`,
    { question: input.question },
    input.signal ? { signal: input.signal } : {},
  );
  if (!response.body) throw new Error('The answer could not be read.');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let answer: TAssistantMessage | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      if (!block.startsWith('data: ')) continue;
      const event = ZAssistantStreamEventSchema.parse(JSON.parse(block.slice(6)));
      input.onEvent(event);
      if (event.type === 'done') answer = event.message;
      if (event.type === 'error') throw new Error(event.message);
    }
  }
  if (answer === null) throw new Error('The answer stopped before it was complete. Try again.');
  return answer;
}
