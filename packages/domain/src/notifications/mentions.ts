/**
 * Mentions in an order's or repair's notes (issue 15 §3): `@maria` or `@maria.lopez` names a colleague by
 * first name or by the part of the e-mail address before the @. An address such as `sam@example.com` is
 * not a mention (the @ follows a letter).
 */
const MENTION = /(?<![\w@])@([a-z][a-z0-9._-]*[a-z0-9]|[a-z])/gi;

/** The handles a text mentions, lower-cased, each once. */
export function mentionHandles(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((match) => (match[1] ?? '').toLowerCase()))];
}

/** The handles `after` mentions that `before` did not: editing notes does not mention people again. */
export function newMentions(before: string, after: string): string[] {
  const earlier = new Set(mentionHandles(before));
  return mentionHandles(after).filter((handle) => !earlier.has(handle));
}

export type TMentionable = { readonly id: string; readonly firstName: string; readonly email: string };

/**
 * Who the handles name: the user whose e-mail begins with the handle and an @, or else the one user with that
 * first name. A first name several colleagues share names none of them, so nobody is told by mistake.
 */
export function mentionedUsers(handles: readonly string[], users: readonly TMentionable[]): string[] {
  const found = new Set<string>();
  for (const handle of handles) {
    const byEmail = users.filter((user) => user.email.toLowerCase().split('@')[0] === handle);
    const byFirstName = users.filter((user) => user.firstName.trim().toLowerCase() === handle);
    const named = byEmail.length === 1 ? byEmail : byFirstName.length === 1 ? byFirstName : [];
    for (const user of named) found.add(user.id);
  }
  return [...found];
}

/** An order's or repair's notes as they were and are, after a change someone made. */
export type TNotesChange = {
  readonly actorId: string;
  readonly kind: 'order' | 'repair';
  readonly id: string;
  readonly number: string;
  readonly before: string;
  readonly after: string;
};
