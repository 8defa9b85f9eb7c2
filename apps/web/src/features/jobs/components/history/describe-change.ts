import type { TItemChange, TItemChangeAction } from '@loupe/domain/history/item-change';

/** How one feature reads its own fields: a label, and a value as text (null: the value is not worth showing). */
export type TChangeFormatter = {
  /** The order fields are read in, e.g. customer first: the database keeps no order of its own. */
  readonly fieldOrder: readonly string[];
  readonly fieldLabel: (field: string) => string;
  readonly formatValue: (field: string, value: unknown) => string | null;
};

/** One history entry in words: a headline ("Edited") and what happened, one sentence a line. */
export type TChangeDescription = { readonly headline: string; readonly lines: readonly string[] };

const HEADLINES: Readonly<Record<TItemChangeAction, string>> = {
  created: 'Created',
  updated: 'Edited',
  'status-changed': 'Status changed',
  'photo-added': 'Photo added',
  'photo-removed': 'Photo removed',
  'epc-assigned': 'Tag assigned',
  'tracking-stopped': 'Tracking stopped',
  'expected-offsite-changed': 'Expected offsite changed',
  'offsite-detected': 'Offsite',
  'returned-from-offsite': 'Back from offsite',
  'phase-changed': 'Workflow',
  'phase-assigned': 'Assigned',
  'design-requested': 'Design requested',
  'design-sent-for-approval': 'Design sent for approval',
  'design-approved': 'Design approved',
  'design-changes-requested': 'Design changes requested',
};

function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * A value the feature has no special rule for: text, numbers, yes/no, lists, and references stored as
 * `{ id, name }` (a customer, a product type) or `{ id, number }` read by their name or number.
 */
export function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(plainValue).join(', ');
  if (typeof value === 'object') {
    const reference = value as { name?: unknown; number?: unknown };
    if (typeof reference.name === 'string') return reference.name;
    if (typeof reference.number === 'string') return reference.number;
  }
  return '—';
}

/** 'Customer set to Abigail Foster', 'Price changed from $100.00 to $120.00', 'Marked as rush'. */
export function describeFieldChange(
  field: string,
  change: { from: unknown; to: unknown },
  formatter: TChangeFormatter,
): string {
  const label = formatter.fieldLabel(field);
  if (field === 'isRush') return change.to === true ? 'Marked as rush' : 'No longer rush';
  if (typeof change.to === 'boolean' && (typeof change.from === 'boolean' || change.from === null)) {
    return `${label} ${change.to ? 'turned on' : 'turned off'}`;
  }
  const from = formatter.formatValue(field, change.from);
  const to = formatter.formatValue(field, change.to);
  if (isEmpty(change.to)) return `${label} cleared`;
  // Long text (notes, descriptions) is not repeated in the history: it says that it changed.
  if (from === null || to === null) return isEmpty(change.from) ? `${label} added` : `${label} edited`;
  if (isEmpty(change.from)) return `${label} set to ${to}`;
  return `${label} changed from ${from} to ${to}`;
}

function inFieldOrder(
  changes: TItemChange['changes'],
  formatter: TChangeFormatter,
): [string, TItemChange['changes'][string]][] {
  const rank = (field: string) => {
    const index = formatter.fieldOrder.indexOf(field);
    return index === -1 ? formatter.fieldOrder.length : index;
  };
  return Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b));
}

/**
 * A creation in one line: the fields it was created with that are worth reading, e.g. 'Customer: Abigail
 * Foster · Rush'. Its first status and zero amounts say nothing, so they are left out.
 */
function describeCreation(changes: TItemChange['changes'], formatter: TChangeFormatter): string[] {
  const parts: string[] = [];
  for (const [field, change] of inFieldOrder(changes, formatter)) {
    if (isEmpty(change.to) || change.to === 0 || field === 'status') continue;
    if (field === 'isRush') {
      parts.push('Rush');
      continue;
    }
    const value = formatter.formatValue(field, change.to);
    if (value === null || value === '—') continue;
    parts.push(`${formatter.fieldLabel(field)}: ${value}`);
  }
  return parts.length === 0 ? [] : [parts.join(' · ')];
}

function tagOf(value: unknown): string {
  return typeof value === 'string' && value !== '' ? `tag ${value}` : 'the tag';
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function photoNames(value: unknown): string {
  return Array.isArray(value) ? value.map(plainValue).join(', ') : plainValue(value);
}

/** What a history entry says, in the words a salesperson uses (issue 11 §1): no field codes, no JSON. */
export function describeChange(change: TItemChange, formatter: TChangeFormatter): TChangeDescription {
  const { changes } = change;
  const headline = HEADLINES[change.action];
  switch (change.action) {
    case 'created':
      return { headline, lines: describeCreation(changes, formatter) };
    case 'updated':
    case 'status-changed':
      return {
        headline,
        lines: inFieldOrder(changes, formatter).map(([field, fieldChange]) =>
          describeFieldChange(field, fieldChange, formatter),
        ),
      };
    case 'photo-added': {
      const names = changes.photos?.to;
      const count = Array.isArray(names) ? names.length : 1;
      return {
        headline: count > 1 ? 'Photos added' : headline,
        lines: names === undefined ? [] : [`Added ${photoNames(names)}`],
      };
    }
    case 'photo-removed': {
      const names = changes.photos?.from;
      return { headline, lines: names === undefined ? [] : [`Removed ${photoNames(names)}`] };
    }
    case 'epc-assigned': {
      const epc = changes.epc;
      if (epc === undefined) return { headline, lines: [] };
      return {
        headline,
        lines: [
          isEmpty(epc.from)
            ? `${capitalised(tagOf(epc.to))} assigned; the piece is tracked from now on`
            : `Tag changed from ${plainValue(epc.from)} to ${plainValue(epc.to)}`,
        ],
      };
    }
    case 'tracking-stopped': {
      const movedTo = changes.epcReassignedTo?.to;
      const tag = tagOf(changes.epc?.from);
      if (movedTo !== undefined && !isEmpty(movedTo)) {
        return {
          headline: 'Tag moved to another job',
          lines: [`${capitalised(tag)} moved to ${plainValue(movedTo)}; the location history stays here`],
        };
      }
      return { headline, lines: [`${capitalised(tag)} removed; the location history stays here`] };
    }
    case 'expected-offsite-changed':
      return {
        headline,
        lines: [
          changes.expectedOffsite?.to === true
            ? 'Marked as expected offsite (out at a vendor on purpose)'
            : 'No longer expected offsite',
        ],
      };
    case 'offsite-detected':
      return { headline, lines: ['Not seen in the workshop for too long: marked offsite'] };
    case 'returned-from-offsite':
      return { headline, lines: ['Seen in the workshop again after being offsite'] };
    case 'phase-changed': {
      const from = plainValue(changes.phase?.from);
      const to = plainValue(changes.phase?.to);
      const reason = isEmpty(changes.reason?.to) ? '' : ` (${plainValue(changes.reason?.to)})`;
      const line =
        changes.rework?.to === true
          ? `Back to ${to} for rework${reason}`
          : to === 'Done'
            ? `${from} done: the workflow is complete${reason}`
            : `${from} done, now ${to}${reason}`;
      return { headline, lines: [line] };
    }
    case 'phase-assigned':
      return {
        headline,
        lines: [`${plainValue(changes.phase?.to)} given to ${plainValue(changes.assignee?.to)}`],
      };
    case 'design-requested':
      return { headline, lines: isEmpty(changes.brief?.to) ? [] : ['Brief given to the designer'] };
    case 'design-sent-for-approval':
      return { headline, lines: [`Revision ${plainValue(changes.revision?.to)} sent to the customer`] };
    case 'design-approved':
      return {
        headline,
        lines: [`The customer approved revision ${plainValue(changes.revision?.to)}${confirmedBy(changes)}`],
      };
    case 'design-changes-requested': {
      const comment = isEmpty(changes.comment?.to) ? '' : `: “${plainValue(changes.comment?.to)}”`;
      return {
        headline,
        lines: [
          `The customer asked for changes to revision ${plainValue(changes.revision?.to)}${confirmedBy(changes)}${comment}`,
        ],
      };
    }
  }
}

/** The name the customer typed to confirm a design answer (issue 35 §7); answers before it have none. */
function confirmedBy(changes: TItemChange['changes']): string {
  return isEmpty(changes.confirmedBy?.to) ? '' : ` (confirmed by ${plainValue(changes.confirmedBy?.to)})`;
}
