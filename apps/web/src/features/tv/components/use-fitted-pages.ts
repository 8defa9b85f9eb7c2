import { TV_PAGE_MS } from '@loupe/domain/tv/tv-displays';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type TFitMode = 'cards' | 'rows';

type TLayout = {
  readonly mode: TFitMode;
  /** Pieces per page; Infinity until the rows are measured. */
  readonly perPage: number;
  /** What the layout was measured for: a new count or a resized box measures again. */
  readonly count: number;
  readonly height: number;
};

/**
 * A wall TV cannot scroll (issue 37 §2): the pieces at a station must fit the screen whatever their number.
 * Big cards while they all fit; compact rows once they do not, as many per page as the box holds, the
 * pages turning by themselves every `TV_PAGE_MS`. Measured before paint (useLayoutEffect), so a
 * re-layout never flashes; measured again when the count changes or the box is resized.
 */
export function useFittedPages(count: number): {
  readonly boxRef: RefObject<HTMLDivElement | null>;
  readonly listRef: RefObject<HTMLUListElement | null>;
  readonly mode: TFitMode;
  /** The range of the pieces on the page shown now. */
  readonly start: number;
  readonly end: number;
  readonly page: number;
  readonly pageCount: number;
} {
  const boxRef = useRef<HTMLDivElement | null>(null);
  const listRef = useRef<HTMLUListElement | null>(null);
  const [height, setHeight] = useState(0);
  const [layout, setLayout] = useState<TLayout>({
    mode: 'cards',
    perPage: Number.POSITIVE_INFINITY,
    count,
    height,
  });
  const [page, setPage] = useState(0);

  // A layout measured for another count or size is a guess: cards first, then measured again.
  const current: TLayout =
    layout.count === count && layout.height === height
      ? layout
      : { mode: 'cards', perPage: Number.POSITIVE_INFINITY, count, height };

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(box.clientHeight));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const box = boxRef.current;
    const list = listRef.current;
    if (!box || !list) return;
    if (current.mode === 'cards') {
      const overflows = list.scrollHeight > box.clientHeight + 1;
      const next: TLayout = overflows ? { ...current, mode: 'rows' } : current;
      if (next !== layout) setLayout(next);
      return;
    }
    // Measured once, with every row on screen: the tallest row sets the page, so a page of taller rows
    // (badges) still fits and the pages never shift under a piece.
    if (Number.isFinite(current.perPage)) return;
    const rows = [...list.children].filter((child): child is HTMLElement => child instanceof HTMLElement);
    const rowHeight = Math.max(0, ...rows.map((row) => row.offsetHeight));
    if (rowHeight === 0) return;
    const gap = Number.parseFloat(getComputedStyle(list).rowGap) || 0;
    const perPage = Math.max(1, Math.floor((box.clientHeight + gap) / (rowHeight + gap)));
    setLayout({ ...current, perPage });
  });

  const perPage = Number.isFinite(current.perPage) ? current.perPage : Math.max(count, 1);
  const pageCount = Math.max(1, Math.ceil(count / perPage));
  const shownPage = page % pageCount;

  useEffect(() => {
    if (pageCount < 2) return;
    const timer = setInterval(() => setPage((previous) => (previous + 1) % pageCount), TV_PAGE_MS);
    return () => clearInterval(timer);
  }, [pageCount]);

  return {
    boxRef,
    listRef,
    mode: current.mode,
    start: shownPage * perPage,
    end: shownPage * perPage + perPage,
    page: shownPage,
    pageCount,
  };
}
