import type { CSSProperties } from 'react';

/**
 * Chart colours are the app's CSS variables (index.css), so a chart follows the light and dark themes
 * without re-rendering: SVG presentation attributes accept var().
 */
export const SERIES_COLORS = [
  'var(--chart-1)',
  'var(--chart-2)',
  'var(--chart-3)',
  'var(--chart-4)',
  'var(--chart-5)',
] as const;

export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length] as string;
}

export const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 } as const;
export const AXIS_STROKE = 'var(--border)';
export const GRID_STROKE = 'var(--border)';
export const LABEL_FILL = 'var(--foreground)';

export const TOOLTIP_CONTENT_STYLE: CSSProperties = {
  background: 'var(--popover)',
  color: 'var(--popover-foreground)',
  border: '1px solid var(--border)',
  borderRadius: 'var(--radius-md)',
  fontSize: 12,
};
export const TOOLTIP_CURSOR = { fill: 'var(--muted)', opacity: 0.5 } as const;
