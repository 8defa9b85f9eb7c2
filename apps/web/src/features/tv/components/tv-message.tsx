import type { ReactNode } from 'react';

/** A full-screen message on a TV, large enough to read across the workshop; no buttons, nobody to press them. */
export function TvMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-background p-10 text-center text-foreground">
      <h1 className="text-5xl font-bold">{title}</h1>
      {children ? <div className="max-w-4xl text-3xl text-muted-foreground">{children}</div> : null}
    </main>
  );
}
