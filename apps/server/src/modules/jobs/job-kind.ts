import type { TActor } from '@loupe/domain/auth/roles';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import type { TOrderSettings } from '@loupe/domain/settings/order-settings';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TAttachmentRow } from '../attachments/repository.ts';
import type { TItemListOptions } from './item-list.ts';
import type { TJobPlace } from './job-locations.ts';

/**
 * What differs between orders and repairs (issue 33 §2): their own fields, how a new one is made and an
 * update checked, their words and permissions. Everything else about a job — listing, history, photos, the
 * transaction of an update and what follows it, the announcements — is written once, in job-service.ts.
 */

/** The SQL every kind of job offers (order-repository.ts, repair-repository.ts). */
export type TJobRepository<TRow, TJoined, TNewRow extends { updatedAt?: Date }> = {
  nextNumber(): Promise<number>;
  insert(values: TNewRow): Promise<TRow>;
  update(id: string, values: Partial<TNewRow>): Promise<void>;
  /** The row, locked until the transaction ends: two edits of one job apply one after the other. */
  findRowForUpdate(id: string): Promise<TRow | undefined>;
  exists(id: string): Promise<boolean>;
  findJoined(id: string): Promise<TJoined | undefined>;
  /** One page (limit + 1 rows, the extra one says there is more) and the total of the filtered list. */
  list(options: TItemListOptions<string>): Promise<{ rows: TJoined[]; total: number }>;
};

/** A job as the API answers it: the fields every kind has. */
export type TJobItem = {
  readonly id: string;
  readonly status: string;
  readonly promisedDate: string | null;
};

export type TJobKindSpec<
  TItem extends TListItem,
  TListItem extends TJobItem,
  TRow extends { readonly id: string; readonly status: string },
  TJoined extends { readonly cursorCreatedAt: string },
  TNewRow extends { updatedAt?: Date },
  TCreate,
  TUpdate extends { readonly status?: string | undefined },
  TRepo extends TJobRepository<TRow, TJoined, TNewRow> = TJobRepository<TRow, TJoined, TNewRow>,
> = {
  readonly kind: TJobKind;
  readonly notFoundMessage: string;
  readonly mayView: (actor: TActor) => boolean;
  readonly mayEdit: (actor: TActor) => boolean;

  /** The answers: a list's row, the detail with photos, and what the history records of it. */
  readonly toListItem: (row: TJoined) => TListItem;
  readonly toItem: (row: TJoined, photos: readonly TAttachmentRow[]) => TItem;
  readonly snapshot: (item: TItem) => Record<string, unknown>;
  readonly numberOf: (item: TListItem) => string;
  readonly rowNumber: (row: TRow) => string;
  /** The notes colleagues are @mentioned in. */
  readonly notesOf: (item: TItem) => string;
  readonly rowNotes: (row: TRow) => string;

  readonly statuses: {
    readonly labels: Readonly<Record<string, string>>;
    readonly canChange: (from: string, to: string) => boolean;
  };

  /** A new job's number from its sequence and the settings' prefix. */
  readonly formatNumber: (sequence: number, settings: TOrderSettings) => string;
  /**
   * A new job's row, its references checked first (a 400 on the field that names one that is not there); only
   * then is its number drawn, so a refused job uses none. The kind's repository is bound to the transaction.
   */
  readonly newRow: (
    jobs: TRepo,
    input: TCreate,
    context: {
      readonly actor: TActor & { readonly id: string };
      readonly nextNumber: () => Promise<string>;
      readonly settings: TOrderSettings;
      readonly now: Date;
      /** Where it is taken in and collected (checked), and the transit its promise adds (issue 39 §2). */
      readonly place: TJobPlace;
    },
  ) => Promise<TNewRow>;
  /** The intake and pickup locations a create or a change names (issue 39 §2), checked by the service. */
  readonly locationsOf: (input: TCreate | TUpdate) => {
    readonly intakeLocationId?: string | undefined;
    readonly pickupLocationId?: string | undefined;
  };
  /** The changes as they compare with the stored row (a repeated repair type is dropped). */
  readonly normalize: (changes: TUpdate) => TUpdate;
  /**
   * What an update writes beside the fields it names: references checked, the search text, the kind's own
   * rules (an order's deposit never above its price).
   */
  readonly derivedChanges: (
    jobs: TRepo,
    context: { readonly current: TRow; readonly defined: TUpdate; readonly before: TItem },
  ) => Promise<Partial<TNewRow>>;

  /** After commit: the kind's created, or updated (and status-changed when the status moved) event. */
  readonly announce: (
    events: TEventBus,
    item: TItem,
    change: { readonly kind: 'created' | 'updated'; readonly previousStatus?: string; readonly at: Date },
  ) => void;
};
