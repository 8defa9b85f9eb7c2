import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export function AccessDeniedScreen({ isDashboard = false }: { isDashboard?: boolean }) {
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
      aria-labelledby="denied"
    >
      <ShieldX className="size-12 text-destructive" aria-hidden />
      <h1 id="denied" className="text-2xl font-semibold">
        {ERROR_MESSAGES.accessDenied}
      </h1>
      <p className="text-muted-foreground">
        {isDashboard ? ERROR_MESSAGES.noDashboardPermission : "You don't have permission to view this page."}
      </p>
      <Button asChild variant="outline">
        <Link to={paths.dashboard}>Back to the dashboard</Link>
      </Button>
    </section>
  );
}
