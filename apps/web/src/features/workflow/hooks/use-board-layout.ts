import { useCallback, useState } from 'react';

/** The Command Center's two ways to show its jobs: phase columns, or one compact line each. */
export const BOARD_LAYOUTS = ['board', 'list'] as const;
export type TBoardLayout = (typeof BOARD_LAYOUTS)[number];

/** Where this browser remembers the choice (a personal preference, like the theme: docs/architecture.md). */
export const BOARD_LAYOUT_STORAGE_KEY = 'loupe-workflow-board-layout';

function readStoredLayout(): TBoardLayout {
  try {
    const stored = window.localStorage.getItem(BOARD_LAYOUT_STORAGE_KEY);
    return BOARD_LAYOUTS.find((layout) => layout === stored) ?? 'board';
  } catch (error) {
    // Storage can be blocked (private mode, policies): the board it is.
    console.warn(`Could not read localStorage key '${BOARD_LAYOUT_STORAGE_KEY}'`, error);
    return 'board';
  }
}

/** The layout last chosen in this browser (the board at first), and the setter that remembers a new one. */
export function useBoardLayout(): [TBoardLayout, (layout: string) => void] {
  const [layout, setLayout] = useState<TBoardLayout>(readStoredLayout);
  const choose = useCallback((value: string) => {
    const next = BOARD_LAYOUTS.find((candidate) => candidate === value) ?? 'board';
    setLayout(next);
    try {
      window.localStorage.setItem(BOARD_LAYOUT_STORAGE_KEY, next);
    } catch (error) {
      console.warn(`Could not save localStorage key '${BOARD_LAYOUT_STORAGE_KEY}'`, error);
    }
  }, []);
  return [layout, choose];
}
