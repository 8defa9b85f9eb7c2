import { useProfile } from '../use-profile';

/** The stack alone: React, React Router, TanStack Query and zod, one API answer, one heading. */
export function FloorPage() {
  const profile = useProfile();
  return <h1 className="p-4 font-semibold text-2xl">Dashboard {profile.data?.success ? '✓' : ''}</h1>;
}
