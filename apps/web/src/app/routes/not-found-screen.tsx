import { SearchX } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export function NotFoundScreen() {
  const location = useLocation();
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
      aria-labelledby="not-found"
    >
      <SearchX className="size-12 text-muted-foreground" aria-hidden />
      <h1 id="not-found" className="text-2xl font-semibold">
        Page not found
      </h1>
      <p className="text-muted-foreground">
        Nothing lives at <code className="rounded bg-muted px-1">{location.pathname}</code>. Check the address
        or go back to the dashboard.
      </p>
      <Button asChild>
        <Link to={paths.dashboard}>Go to the dashboard</Link>
      </Button>
    </section>
  );
}
