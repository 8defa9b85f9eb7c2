import type { TDepartment } from '@loupe/domain/registry/departments';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRelativeTime } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { useDeleteDepartment } from '../api/delete-department';
import { DepartmentFormDialog } from './department-form-dialog';
import { departmentGradientClass } from './department-gradients';
import { DepartmentIcon } from './department-icon';
import { itemCountLabel } from './item-count';
import { StationFormDialog } from './station-form-dialog';
import { StationList } from './station-list';

export type TDepartmentCardProps = {
  readonly department: TDepartment;
  readonly canManage: boolean;
};

/** One department (spec §3): its gradient and icon, item total, connection, and its stations. */
export function DepartmentCard({ department, canManage }: TDepartmentCardProps) {
  const remove = useDeleteDepartment();
  const titleId = `department-${department.id}-title`;
  const isConnected = department.connectionStatus === 'connected';

  return (
    <Card className="gap-0 overflow-hidden py-0" aria-labelledby={titleId} role="article">
      <div className={cn('bg-gradient-to-br p-4 text-white', departmentGradientClass(department.gradient))}>
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/20">
              <DepartmentIcon name={department.iconName} className="size-5" />
            </span>
            <div className="min-w-0">
              <CardTitle as="h3" id={titleId} className="text-lg break-words">
                {department.name}
              </CardTitle>
              <p className="text-xs text-white/80">{department.id}</p>
            </div>
          </div>
          <p className="shrink-0 text-right text-sm font-medium tabular-nums">
            {itemCountLabel(department.totalItems)}
          </p>
        </div>
      </div>
      <CardContent className="flex flex-col gap-4 py-4">
        {department.description ? (
          <p className="text-sm text-muted-foreground">{department.description}</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant={isConnected ? 'default' : 'outline'}>
            <span
              aria-hidden="true"
              className={cn('size-1.5 rounded-full', isConnected ? 'bg-emerald-400' : 'bg-muted-foreground')}
            />
            {isConnected ? 'Connected' : 'Disconnected'}
          </Badge>
          {department.lastHeartbeat ? (
            <span title={formatDateTime(department.lastHeartbeat)}>
              Last heartbeat {formatRelativeTime(department.lastHeartbeat, new Date())}
            </span>
          ) : (
            <span>No heartbeat yet</span>
          )}
          {department.mqttTopic ? (
            <span className="break-all">
              Topic <code className="font-mono">{department.mqttTopic}</code>
            </span>
          ) : null}
          {department.machineId ? <span>Machine {department.machineId}</span> : null}
        </div>
        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-medium">Stations</h4>
          <StationList
            stations={department.stations}
            departmentId={department.id}
            departmentName={department.name}
            canManage={canManage}
          />
        </div>
      </CardContent>
      {canManage ? (
        <CardFooter className="flex-wrap gap-2 border-t py-3">
          <StationFormDialog
            mode="create"
            departmentId={department.id}
            departmentName={department.name}
            trigger={
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Add station to ${department.name}`}
              >
                <PlusIcon aria-hidden="true" />
                Add station
              </Button>
            }
          />
          <DepartmentFormDialog
            mode="edit"
            department={department}
            trigger={
              <Button type="button" variant="ghost" size="sm" aria-label={`Edit ${department.name}`}>
                <PencilIcon aria-hidden="true" />
                Edit
              </Button>
            }
          />
          <ConfirmDialog
            pendingLabel="Deleting…"
            title={`Delete ${department.name}?`}
            description={`${stationsGoWith(department.stations.length)} A department that still holds items cannot be deleted until they are moved.`}
            confirmLabel="Delete department"
            onConfirm={async () => {
              await remove.mutateAsync({ id: department.id });
              toast({ title: `${department.name} was deleted` });
            }}
            trigger={
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="text-destructive"
                aria-label={`Delete ${department.name}`}
              >
                <Trash2Icon aria-hidden="true" />
                Delete
              </Button>
            }
          />
        </CardFooter>
      ) : null}
    </Card>
  );
}

function stationsGoWith(count: number): string {
  if (count === 0) return 'It has no stations.';
  return count === 1 ? 'Its station goes with it.' : `Its ${count} stations go with it.`;
}
