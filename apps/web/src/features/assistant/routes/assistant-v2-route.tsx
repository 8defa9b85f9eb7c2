import { AssistantChat } from '../components/assistant-chat';

/** /jbh-ai-v2: the chat with its steps, tables, charts, follow-ups and actions (spec §2). */
export function AssistantV2Route() {
  return <AssistantChat enhanced />;
}
