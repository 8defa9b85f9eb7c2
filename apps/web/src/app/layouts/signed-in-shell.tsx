import { RealtimeProvider } from '@/lib/realtime/realtime-provider';
import { AppLayout } from './app-layout';

/** The layout route of signed-in screens: the live connection opens with it and closes with it (spec §2). */
export function SignedInShell() {
  return (
    <RealtimeProvider>
      <AppLayout />
    </RealtimeProvider>
  );
}
