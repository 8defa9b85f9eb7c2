import { formatScanToast, TOASTS, type TScanToastInput } from '@loupe/domain/config/constants';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

// The toast store of spec §4/§9: one toast at a time (a new one replaces the shown one), 5000 ms by default,
// and a dismissed toast stays in the store (closed) for 1,000,000 ms before it is removed. <Toaster> renders it.

export type TToastVariant = 'default' | 'destructive';

export type TToastInput = {
  readonly title: ReactNode;
  readonly description?: ReactNode;
  readonly variant?: TToastVariant;
  /** How long the toast shows, in ms; TOASTS.defaultDurationMs when omitted. */
  readonly duration?: number;
};

export type TToastRecord = TToastInput & {
  readonly id: string;
  readonly open: boolean;
  readonly duration: number;
};

export type TToastHandle = {
  readonly id: string;
  readonly dismiss: () => void;
  readonly update: (input: Partial<TToastInput>) => void;
};

let toasts: readonly TToastRecord[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: readonly TToastRecord[]): void {
  // A replaced toast no longer needs its removal timer.
  for (const [id, timer] of removalTimers) {
    if (!next.some((record) => record.id === id)) {
      clearTimeout(timer);
      removalTimers.delete(id);
    }
  }
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setToasts(toasts.filter((record) => record.id !== id));
  }, TOASTS.removeDelayMs);
  removalTimers.set(id, timer);
}

/** Shows a toast; any toast already shown is replaced (limit 1). */
export function toast(input: TToastInput): TToastHandle {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  const record: TToastRecord = {
    ...input,
    id,
    open: true,
    duration: input.duration ?? TOASTS.defaultDurationMs,
  };
  setToasts([record, ...toasts].slice(0, TOASTS.limit));
  return {
    id,
    dismiss: () => dismiss(id),
    update: (changes) => updateToast(id, changes),
  };
}

function updateToast(id: string, changes: Partial<TToastInput>): void {
  setToasts(toasts.map((record) => (record.id === id ? { ...record, ...changes } : record)));
}

/** Closes one toast, or every toast when no id is given; closed toasts are removed after the §4 delay. */
export function dismiss(id?: string): void {
  const targets = toasts.filter((record) => id === undefined || record.id === id);
  if (targets.length === 0) return;
  for (const record of targets) scheduleRemoval(record.id);
  setToasts(toasts.map((record) => (targets.includes(record) ? { ...record, open: false } : record)));
}

/** The toast of an RFID scan that matched an order or repair (spec §4, §9): 3000 ms. */
export function showScanToast(input: TScanToastInput): TToastHandle {
  const { title, description } = formatScanToast(input);
  return toast({ title, description, duration: TOASTS.scanDurationMs });
}

/** Drops every toast and pending timer at once (tests, sign-out). */
export function clearToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  setToasts([]);
}

export function getToasts(): readonly TToastRecord[] {
  return toasts;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly TToastRecord[] {
  return useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
}
