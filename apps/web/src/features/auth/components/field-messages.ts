import { PASSWORD_MIN_LENGTH } from '@loupe/domain/users/user';

/** Wording of the sign-in screens' own field checks (spec §5 leaves form validation to us). */
export const FIELD_MESSAGES = {
  emailRequired: 'Enter your e-mail address.',
  emailInvalid: 'Enter a valid e-mail address, like name@example.com.',
  passwordRequired: 'Enter your password.',
  nameRequired: 'Enter your name.',
  nameTooLong: 'The name is too long.',
  phoneTooLong: 'The phone number is too long.',
  codeRequired: 'Enter the code from the e-mail.',
  passwordsDiffer: 'The passwords do not match.',
  passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of a few words is easy to remember.`,
} as const;

type TIssue = { path?: PropertyKey[]; code?: string; input?: unknown };

/**
 * Words the issues zod would phrase for developers ('Too small: expected string…'). The domain's own
 * messages (the password rules) are set on its schemas and win over these.
 */
export function fieldMessage(issue: TIssue): string | undefined {
  const field = issue.path?.[0];
  const isEmpty = typeof issue.input === 'string' && issue.input.trim() === '';
  switch (field) {
    case 'email':
      return isEmpty ? FIELD_MESSAGES.emailRequired : FIELD_MESSAGES.emailInvalid;
    case 'password':
      return isEmpty ? FIELD_MESSAGES.passwordRequired : undefined;
    case 'name':
      return issue.code === 'too_big' ? FIELD_MESSAGES.nameTooLong : FIELD_MESSAGES.nameRequired;
    case 'phone':
      return FIELD_MESSAGES.phoneTooLong;
    case 'code':
      return FIELD_MESSAGES.codeRequired;
    default:
      return undefined;
  }
}
