import { SUGGESTED_QUESTIONS } from '@loupe/domain/assistant/answer-format';
import { ASSISTANT_QUESTION_MAX } from '@loupe/domain/assistant/assistant-api';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Bot, Send, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ModeToggle } from '@/components/theme/mode-toggle';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { errorMessageOf } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config-context';
import { askQuestion } from '../api/ask-question';
import { assistantQueryKeys } from '../api/assistant-query-keys';
import { createConversation } from '../api/create-conversation';
import { useConversation } from '../api/get-conversation';
import { useConversations } from '../api/get-conversations';
import { AssistantMessage, type TChatMessage } from './assistant-message';
import { ConversationList } from './conversation-list';

/**
 * The full-screen assistant (issue 16 §4): my chats on the left, the open one on the right, answers
 * streaming in as they are written. `enhanced` is /jbh-ai-v2.
 */
export function AssistantChat({ enhanced }: { readonly enhanced: boolean }) {
  const { aiAssistantName } = useRuntimeConfig();
  const queryClient = useQueryClient();
  const conversations = useConversations();
  const [activeId, setActiveId] = useState<string | null>(null);
  const conversation = useConversation(activeId);
  const [pending, setPending] = useState<TChatMessage[]>([]);
  // How many stored messages the open conversation had when the pending question was asked.
  const [asked, setAsked] = useState<{ storedBefore: number } | null>(null);
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isAsking, setIsAsking] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);

  const stored: TChatMessage[] = (conversation.data?.messages ?? []).map((m) => ({ ...m }));
  // The question and the answer being streamed show until the stored conversation (refetched) has them: the
  // server stores the question first, so a refetch during the answer already holds it, then the answer.
  const storedSince = asked === null ? 0 : Math.max(0, stored.length - asked.storedBefore);
  const messages = [...stored, ...pending.slice(Math.min(storedSince, pending.length))];

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  });

  async function ask(text: string) {
    const trimmed = text.trim();
    if (!trimmed || isAsking) return;
    setIsAsking(true);
    setError(null);
    setQuestion('');
    const placeholder: TChatMessage = {
      id: 'streaming',
      role: 'assistant',
      text: '',
      answer: null,
      steps: [],
      isStreaming: true,
    };
    setPending([{ id: 'asked', role: 'user', text: trimmed, answer: null }, placeholder]);
    setAsked({ storedBefore: activeId === null ? 0 : stored.length });
    try {
      const id = activeId ?? (await createConversation()).id;
      if (activeId === null) setActiveId(id);
      const message = await askQuestion({
        conversationId: id,
        question: trimmed,
        onEvent: (event) =>
          setPending((current) =>
            current.map((m) => {
              if (m.id !== 'streaming') return m;
              if (event.type === 'delta') return { ...m, text: m.text + event.text };
              if (event.type === 'step') return { ...m, steps: [...(m.steps ?? []), event.step] };
              return m;
            }),
          ),
      });
      setPending((current) =>
        current.map((m) => (m.id === 'streaming' ? { ...message, isStreaming: false } : m)),
      );
      await queryClient.invalidateQueries({ queryKey: assistantQueryKeys.all });
    } catch (caught) {
      setPending([]);
      setQuestion(trimmed);
      setError(errorMessageOf(caught, 'The assistant could not answer. Try again.'));
    } finally {
      setIsAsking(false);
    }
  }

  return (
    <main className="flex h-svh flex-col">
      {/* On a phone the buttons keep their icons and the name shortens, so the header fits 390 px (issue 35). */}
      <header className="flex items-center gap-2 border-b p-3 sm:gap-3">
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.dashboard}>
            <ArrowLeft aria-hidden /> <span className="sr-only sm:not-sr-only">Back</span>
          </Link>
        </Button>
        <h1 className="flex min-w-0 items-center gap-2 text-lg font-semibold">
          <Bot aria-hidden className="shrink-0" /> <span className="truncate">{aiAssistantName}</span>
          {enhanced ? (
            <span className="shrink-0 rounded bg-muted px-1.5 text-xs font-normal">enhanced</span>
          ) : null}
        </h1>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <ModeToggle />
          <Button asChild variant="outline" size="sm">
            <Link to={enhanced ? paths.aiAssistant : paths.aiAssistantV2}>
              <Sparkles aria-hidden />{' '}
              <span className="sr-only sm:not-sr-only">{enhanced ? 'Simple view' : 'Enhanced view'}</span>
            </Link>
          </Button>
        </div>
      </header>
      <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)] md:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="hidden border-r p-3 md:block">
          <ConversationList
            conversations={conversations.data ?? []}
            activeId={activeId}
            onSelect={(id) => {
              setActiveId(id);
              setPending([]);
            }}
            onNew={() => {
              setActiveId(null);
              setPending([]);
            }}
            onDeleted={(id) => {
              if (id === activeId) setActiveId(null);
            }}
          />
        </aside>
        <section className="flex min-h-0 min-w-0 flex-col" aria-label="Chat">
          <div className="flex-1 space-y-4 overflow-y-auto p-4" aria-live="polite">
            {messages.length === 0 ? (
              <div className="mx-auto max-w-lg space-y-3 pt-10 text-center">
                <p className="text-muted-foreground">
                  Ask about any order, repair, station or person, in plain words. For example:
                </p>
                <div className="flex flex-wrap justify-center gap-2">
                  {SUGGESTED_QUESTIONS.map((suggestion) => (
                    <Button
                      key={suggestion}
                      type="button"
                      variant="secondary"
                      size="sm"
                      onClick={() => ask(suggestion)}
                    >
                      {suggestion}
                    </Button>
                  ))}
                </div>
              </div>
            ) : (
              messages.map((message) => (
                <AssistantMessage key={message.id} message={message} enhanced={enhanced} onAsk={ask} />
              ))
            )}
            <div ref={endRef} />
          </div>
          {error ? (
            <p role="alert" className="px-4 text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <form
            className="flex gap-2 border-t p-3"
            onSubmit={(event) => {
              event.preventDefault();
              void ask(question);
            }}
          >
            <Textarea
              aria-label="Your question"
              placeholder="Where is ORD-00012?"
              value={question}
              maxLength={ASSISTANT_QUESTION_MAX}
              rows={1}
              className="min-h-10 resize-none"
              onChange={(event) => setQuestion(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  void ask(question);
                }
              }}
            />
            <Button type="submit" disabled={isAsking || question.trim() === ''}>
              <Send aria-hidden /> Ask
            </Button>
          </form>
        </section>
      </div>
    </main>
  );
}
