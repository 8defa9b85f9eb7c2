import { AssistantChat } from '../components/assistant-chat';

/** /jbh-ai: the chat, full screen (spec §2). */
export function AssistantRoute() {
  return <AssistantChat enhanced={false} />;
}
