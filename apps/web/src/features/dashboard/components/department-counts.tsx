import { TagIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/number-format';
import { paths } from '@/lib/paths';
import { barWidthClass, rankDepartments } from './department-ranking';

export const NO_TAGGED_ITEMS = 'No tagged items in the workshop yet';

/** How many tracked items are in each department now, busiest first, each with a bar to compare. */
export function DepartmentCounts({
  departmentCounts,
}: {
  readonly departmentCounts: Readonly<Record<string, number>>;
}) {
  const headingId = useId();
  const departments = rankDepartments(departmentCounts);
  const largest = departments[0]?.count ?? 0;

  if (departments.length === 0) {
    return (
      <EmptyState
        icon={TagIcon}
        title={NO_TAGGED_ITEMS}
        text="Once an order carries an RFID tag and a reader sees it, its department shows here."
        action={
          <Button asChild variant="outline">
            <Link to={paths.orders}>Go to orders</Link>
          </Button>
        }
      />
    );
  }

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId}>By department</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby={headingId} className="flex flex-col gap-3">
          {departments.map(({ name, count }) => (
            <li key={name} className="flex flex-col gap-1.5">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 break-words font-medium">{name}</span>
                <span className="tabular-nums text-muted-foreground">{formatCount(count)}</span>
              </div>
              {/* The count is the text above; the bar only lets the eye compare. */}
              <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-muted">
                <div
                  data-slot="department-bar"
                  className={cn('h-full rounded-full bg-primary', barWidthClass(count, largest))}
                />
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
