import {
  describeLine,
  MATERIAL_ENTRY_LABELS,
  type TIntakeMaterialsInput,
  type TJobMaterials,
  type TMaterialMovementInput,
} from '@loupe/domain/jobs/materials';
import { describeQuantity } from '@loupe/domain/jobs/materials-ledger';
import type { ReactNode } from 'react';
import { DetailSection } from '@/components/detail-section';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/date-format';
import { IntakeDialog } from './intake-dialog';
import { MovementDialog } from './movement-dialog';

export type TMaterialsCardProps = {
  readonly materials: TJobMaterials | undefined;
  readonly error: unknown;
  readonly onRetry: () => void;
  readonly customerName: string;
  readonly canIntake: boolean;
  /** The ledger moves this person may record. */
  readonly moveTypes: readonly TMaterialMovementInput['type'][];
  readonly onIntake: (input: TIntakeMaterialsInput) => Promise<unknown>;
  readonly onMove: (lineId: string, movement: TMaterialMovementInput) => Promise<unknown>;
  /** The envelope's print and the pickup check, composed in by the page. */
  readonly actions?: ReactNode;
};

/**
 * The "Materials" card (issue 37 §4): what the customer left, where each line is now — on hand, at a bench,
 * used, checked out — with the ledger behind it and the signatures.
 */
export function MaterialsCard({
  materials,
  error,
  onRetry,
  customerName,
  canIntake,
  moveTypes,
  onIntake,
  onMove,
  actions,
}: TMaterialsCardProps) {
  if (error) {
    return (
      <DetailSection title="Materials">
        <LoadError title="Could not load the materials" error={error} onRetry={onRetry} isRetrying={false} />
      </DetailSection>
    );
  }
  if (!materials) return null;
  return (
    <DetailSection title="Materials">
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          {canIntake ? <IntakeDialog customerName={customerName} onSave={onIntake} /> : null}
          {actions}
        </div>
        {materials.lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing recorded: stones, metal and items the customer leaves are taken in here.
          </p>
        ) : (
          <Table aria-label="Materials">
            <TableHeader>
              <TableRow>
                <TableHead>Material</TableHead>
                <TableHead>On hand</TableHead>
                <TableHead>At a bench</TableHead>
                <TableHead>Out</TableHead>
                <TableHead className="sr-only">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {materials.lines.map((line) => (
                <TableRow key={line.id} aria-label={line.description}>
                  <TableCell className="align-top whitespace-normal">
                    <div className="grid gap-1">
                      <span className="font-medium">{describeLine(line)}</span>
                      {line.balance.isAccounted ? (
                        <Badge variant="secondary" className="w-fit">
                          Accounted for
                        </Badge>
                      ) : null}
                      <details className="text-xs text-muted-foreground">
                        <summary className="cursor-pointer">Ledger ({line.entries.length})</summary>
                        <ol className="mt-1 grid gap-0.5" aria-label={`Ledger of ${line.description}`}>
                          {line.entries.map((entry) => (
                            <li key={entry.id}>
                              {formatDateTime(entry.at)} · {MATERIAL_ENTRY_LABELS[entry.type]}
                              {entry.holder ? ` (${entry.holder})` : ''} ·{' '}
                              {describeQuantity(line.kind, entry)}
                              {entry.byName ? ` · ${entry.byName}` : ''}
                              {entry.note ? ` · “${entry.note}”` : ''}
                            </li>
                          ))}
                        </ol>
                      </details>
                    </div>
                  </TableCell>
                  <TableCell className="align-top tabular-nums">
                    {describeQuantity(line.kind, line.balance.onHand)}
                  </TableCell>
                  <TableCell className="align-top whitespace-normal">
                    {line.balance.atBench.length === 0
                      ? '—'
                      : line.balance.atBench
                          .map((held) => `${held.holder}: ${describeQuantity(line.kind, held)}`)
                          .join('; ')}
                  </TableCell>
                  <TableCell className="align-top tabular-nums">
                    {describeQuantity(line.kind, line.balance.checkedOut)}
                  </TableCell>
                  <TableCell className="align-top text-right">
                    <MovementDialog
                      line={line}
                      types={moveTypes}
                      onSave={(movement) => onMove(line.id, movement)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {materials.signatures.length > 0 ? (
          <ul aria-label="Signatures" className="flex flex-wrap gap-3">
            {materials.signatures.map((signature) => (
              <li key={signature.id} className="grid gap-1 text-xs text-muted-foreground">
                <img
                  src={signature.image}
                  alt={`Signature of ${signature.signerName} at ${signature.purpose}`}
                  className="h-16 w-48 rounded border bg-white object-contain"
                />
                <span>
                  {signature.purpose === 'intake' ? 'Left' : 'Picked up'} by {signature.signerName},{' '}
                  {formatDateTime(signature.signedAt)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </DetailSection>
  );
}
