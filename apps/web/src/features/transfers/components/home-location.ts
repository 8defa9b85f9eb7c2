/**
 * The user's home location (issue 39 §3), when their profile carries one: the transfers screen starts there.
 * Read leniently, as the profile only has it once home locations are set up.
 */
export function homeLocationOf(user: object | null | undefined): string | undefined {
  if (!user || !('homeLocationId' in user)) return undefined;
  const id = user.homeLocationId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
