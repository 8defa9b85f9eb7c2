import { keepPreviousData, type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { SearchIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FieldMessages, useFieldIds } from '@/components/forms/field-messages';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** One thing a picker offers: what it is called and a line that tells two alike apart. */
export type TPickerItem = { readonly id: string; readonly label: string; readonly detail?: string };

export const SEARCH_PICKER_DEBOUNCE_MS = 250;

/** What a picker's search hook gives: a query's result of items (the query lives in its feature's api/ file). */
export type TPickerSearch = Pick<
  UseQueryResult<TPickerItem[]>,
  'data' | 'isPending' | 'isError' | 'error' | 'refetch'
>;

/**
 * The hook a picker searches with: `q` is trimmed and may be empty (the first few, for a start); `enabled` is
 * false while a choice shows. A feature's api/ file builds it on `usePickerQuery`.
 */
export type TUsePickerSearch = (q: string, enabled: boolean) => TPickerSearch;

/**
 * One picker search as a query: cached under its own key, the last answer kept on screen while the next one
 * loads, each answer shown as `select` makes it.
 */
export function usePickerQuery<TFound, TShown>(options: {
  readonly queryKey: QueryKey;
  readonly search: (signal: AbortSignal) => Promise<TFound[]>;
  readonly enabled: boolean;
  readonly select: (found: TFound[]) => TShown;
}) {
  const { queryKey, search, enabled, select } = options;
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => search(signal),
    enabled,
    select,
    placeholderData: keepPreviousData,
  });
}

export type TSearchPickerProps = {
  readonly label: string;
  /** The search box's accessible name: 'Search customers'. */
  readonly searchLabel: string;
  readonly placeholder: string;
  readonly value: TPickerItem | null;
  readonly onChange: (item: TPickerItem | null) => void;
  /** Asks the server as one types; the same hook on every render. */
  readonly useSearch: TUsePickerSearch;
  /** What the results say when nothing matches. */
  readonly noMatchText: (q: string) => string;
  readonly error?: string | undefined;
  readonly hint?: string;
  readonly disabled?: boolean;
  /** Offer 'Remove' for an optional choice. */
  readonly clearable?: boolean;
  /** Beside the label, e.g. a 'New customer' button. */
  readonly labelAside?: ReactNode;
};

/**
 * Picks one record out of many by a server-side search: the choice shows with a 'Change' button; while
 * choosing, a search box lists the matches as buttons (keyboard and screen reader friendly, no popover).
 */
export function SearchPicker({
  label,
  searchLabel,
  placeholder,
  value,
  onChange,
  useSearch,
  noMatchText,
  error,
  hint,
  disabled = false,
  clearable = false,
  labelAside,
}: TSearchPickerProps) {
  const { id, describedBy } = useFieldIds({ hint, error });
  const [isChoosing, setIsChoosing] = useState(false);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_PICKER_DEBOUNCE_MS);
  const changeButton = useRef<HTMLButtonElement>(null);
  const shouldFocusChange = useRef(false);
  const isSearching = value === null || isChoosing;

  // The search box goes away once something is chosen: keep the keyboard user's place on the button that
  // replaces it.
  useEffect(() => {
    if (isSearching || !shouldFocusChange.current) return;
    shouldFocusChange.current = false;
    changeButton.current?.focus();
  }, [isSearching]);

  const results = useSearch(q, isSearching && !disabled);

  function choose(item: TPickerItem) {
    onChange(item);
    setIsChoosing(false);
    setText('');
    shouldFocusChange.current = true;
  }

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        {isSearching ? (
          <Label htmlFor={id}>{label}</Label>
        ) : (
          <span className="text-sm font-medium">{label}</span>
        )}
        {labelAside}
      </div>
      {isSearching ? (
        <div className="grid gap-2">
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={id}
              type="search"
              aria-label={searchLabel}
              placeholder={placeholder}
              className="pl-9"
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.target.value)}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
          </div>
          <SearchResults
            label={`${label} matches`}
            isPending={results.isPending}
            isError={results.isError}
            error={results.error}
            onRetry={() => void results.refetch()}
            items={results.data ?? []}
            noMatchText={noMatchText(q)}
            onChoose={choose}
            disabled={disabled}
          />
          {isChoosing && value !== null ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() => setIsChoosing(false)}
            >
              Keep {value.label}
            </Button>
          ) : null}
        </div>
      ) : (
        <div
          className={cn(
            'flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2',
            error && 'border-destructive',
          )}
        >
          <div className="min-w-0">
            <p className="truncate font-medium">{value.label}</p>
            {value.detail ? <p className="truncate text-xs text-muted-foreground">{value.detail}</p> : null}
          </div>
          <div className="flex gap-1">
            <Button
              ref={changeButton}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setIsChoosing(true)}
              disabled={disabled}
              aria-label={`Change ${label.toLowerCase()}`}
            >
              Change
            </Button>
            {clearable ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => onChange(null)}
                disabled={disabled}
                aria-label={`Remove ${label.toLowerCase()}`}
              >
                Remove
              </Button>
            ) : null}
          </div>
        </div>
      )}
      <FieldMessages fieldId={id} hint={hint} error={error} />
    </div>
  );
}

function SearchResults({
  label,
  isPending,
  isError,
  error,
  onRetry,
  items,
  noMatchText,
  onChoose,
  disabled,
}: {
  label: string;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  onRetry: () => void;
  items: readonly TPickerItem[];
  noMatchText: string;
  onChoose: (item: TPickerItem) => void;
  disabled: boolean;
}) {
  if (isPending) return <p className="text-sm text-muted-foreground">Searching…</p>;
  if (isError) return <LoadError title="Could not search" error={error} onRetry={onRetry} />;
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{noMatchText}</p>;
  return (
    <ul aria-label={label} className="grid max-h-60 gap-1 overflow-y-auto rounded-md border p-1">
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className={cn(
              'flex w-full flex-col items-start rounded-sm px-2 py-1.5 text-left text-sm outline-none',
              'hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
            )}
            onClick={() => onChoose(item)}
            disabled={disabled}
          >
            <span className="font-medium">{item.label}</span>
            {item.detail ? <span className="text-xs text-muted-foreground">{item.detail}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
