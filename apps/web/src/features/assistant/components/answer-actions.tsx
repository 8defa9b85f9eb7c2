import type { TAssistantAction } from '@loupe/domain/assistant/assistant-api';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useRunAssistantAction } from '../api/run-assistant-action';

const jobHref = (action: TAssistantAction) =>
  `/${action.itemKind === 'order' ? 'orders' : 'repairs'}/${encodeURIComponent(action.itemId)}`;

/** The actions an answer offers: opening a job is a link; anything that changes data asks first. */
export function AnswerActions({ actions }: { readonly actions: readonly TAssistantAction[] }) {
  const run = useRunAssistantAction();
  if (actions.length === 0) return null;
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Actions</legend>
      {actions.map((action) =>
        action.kind === 'open' ? (
          <Button key={`${action.kind}:${action.itemId}`} asChild size="sm" variant="outline">
            <Link to={jobHref(action)}>
              <ExternalLink aria-hidden /> {action.label}
            </Link>
          </Button>
        ) : (
          <ConfirmDialog
            key={`${action.kind}:${action.itemId}`}
            trigger={
              <Button size="sm" variant="outline">
                {action.label}
              </Button>
            }
            title={`${action.label}?`}
            description="This changes the job for everyone, as the same action on its own screen would."
            confirmLabel="Yes, do it"
            pendingLabel="Working…"
            destructive={false}
            onConfirm={async () => {
              const message = await run.mutateAsync(action);
              toast({ title: message });
            }}
          />
        ),
      )}
    </fieldset>
  );
}
