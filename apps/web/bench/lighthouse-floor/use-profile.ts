import { useQuery } from '@tanstack/react-query';
import { ZProfileAnswerSchema } from '@/lib/auth/current-user';

/**
 * One answer of the API before the page has its content, parsed with the domain's schema, as a screen's is.
 * Without a session it is a 401 (the parse fails): the same round trip and the same work as a signed-in one.
 */
export function useProfile() {
  return useQuery({
    queryKey: ['profile'],
    queryFn: async () => ZProfileAnswerSchema.safeParse(await (await fetch('/api/v1/auth/profile')).json()),
  });
}
