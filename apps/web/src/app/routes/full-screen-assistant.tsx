import { ArrowLeft, Bot } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config-context';
import { UPCOMING_SCREENS } from './upcoming-screens';

/** /jbh-ai and /jbh-ai-v2 are full-screen, outside the main layout (spec §2). */
function FullScreenAssistant({ path }: { path: string }) {
  const config = useRuntimeConfig();
  const screen = UPCOMING_SCREENS[path];
  return (
    <main className="flex min-h-svh flex-col">
      <header className="flex items-center gap-3 border-b p-3">
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.dashboard}>
            <ArrowLeft aria-hidden /> Back
          </Link>
        </Button>
        <h1 className="text-lg font-semibold">{config.aiAssistantName}</h1>
      </header>
      <div className="flex flex-1 items-center justify-center p-6">
        <EmptyState
          icon={Bot}
          title={screen?.title ?? config.aiAssistantName}
          text={screen?.description ?? ''}
        />
      </div>
    </main>
  );
}

export const AssistantScreen = () => <FullScreenAssistant path={paths.aiAssistant} />;
export const AssistantV2Screen = () => <FullScreenAssistant path={paths.aiAssistantV2} />;
