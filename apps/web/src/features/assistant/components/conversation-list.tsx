import type { TAssistantConversation } from '@loupe/domain/assistant/assistant-api';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useDeleteConversation } from '../api/delete-conversation';
import { useRenameConversation } from '../api/rename-conversation';

/** My chats: new, pick, rename in place, delete after confirming. */
export function ConversationList({
  conversations,
  activeId,
  onSelect,
  onNew,
  onDeleted,
}: {
  readonly conversations: readonly TAssistantConversation[];
  readonly activeId: string | null;
  readonly onSelect: (id: string) => void;
  readonly onNew: () => void;
  readonly onDeleted: (id: string) => void;
}) {
  const rename = useRenameConversation();
  const remove = useDeleteConversation();
  const [editing, setEditing] = useState<{ id: string; title: string } | null>(null);
  return (
    <nav className="flex h-full flex-col gap-2" aria-label="Conversations">
      <Button type="button" onClick={onNew} className="w-full">
        <Plus aria-hidden /> New chat
      </Button>
      <ul className="flex-1 space-y-1 overflow-y-auto">
        {conversations.map((conversation) => (
          <li
            key={conversation.id}
            className={cn(
              'group flex items-center gap-1 rounded-md',
              conversation.id === activeId && 'bg-muted',
            )}
          >
            {editing?.id === conversation.id ? (
              <form
                className="flex-1"
                onSubmit={(event) => {
                  event.preventDefault();
                  const title = editing.title.trim();
                  if (title) rename.mutate({ id: conversation.id, title });
                  setEditing(null);
                }}
              >
                <Input
                  aria-label="Conversation title"
                  autoFocus
                  value={editing.title}
                  maxLength={120}
                  onChange={(event) => setEditing({ id: conversation.id, title: event.target.value })}
                  onBlur={() => setEditing(null)}
                  className="h-8 text-sm"
                />
              </form>
            ) : (
              <button
                type="button"
                className="flex-1 truncate px-2 py-1.5 text-left text-sm"
                aria-current={conversation.id === activeId ? 'true' : undefined}
                onClick={() => onSelect(conversation.id)}
              >
                {conversation.title}
              </button>
            )}
            <Button
              type="button"
              size="icon"
              variant="ghost"
              className="size-7"
              aria-label={`Rename ${conversation.title}`}
              onClick={() => setEditing({ id: conversation.id, title: conversation.title })}
            >
              <Pencil aria-hidden />
            </Button>
            <ConfirmDialog
              trigger={
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-7"
                  aria-label={`Delete ${conversation.title}`}
                >
                  <Trash2 aria-hidden />
                </Button>
              }
              title="Delete this conversation?"
              description={`“${conversation.title}” and its answers are removed for good.`}
              confirmLabel="Delete"
              pendingLabel="Deleting…"
              onConfirm={async () => {
                await remove.mutateAsync(conversation.id);
                onDeleted(conversation.id);
              }}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
