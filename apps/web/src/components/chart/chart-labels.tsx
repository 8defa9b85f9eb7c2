import { AXIS_TICK, LABEL_FILL } from './chart-theme';

// Text in an SVG chart is never measured before it is drawn (and jsdom measures nothing): widths are worked
// out from a character's average width at the axis' 12 px.
const CHAR_PX = 7;

/** About how wide `text` is at the axis' font, in pixels. */
export function textWidth(text: string): number {
  return text.length * CHAR_PX;
}

/** `text` cut to `maxPx` with an ellipsis, whole when it fits. */
export function truncated(text: string, maxPx: number): string {
  const maxChars = Math.max(3, Math.floor(maxPx / CHAR_PX));
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1).trimEnd()}…`;
}

export type TLabelPosition = 'top' | 'right' | 'center';
type TLabelProps = { readonly viewBox?: unknown; readonly value?: unknown };

function numberOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * A bar's or point's label on one line: Recharts' own label wraps at the bar's width, which breaks '13.5 h'
 * in two and pushes the top line out of the chart.
 */
export function figureLabel(format: (value: number | null) => string, position: TLabelPosition) {
  return function ChartLabel({ viewBox, value }: TLabelProps) {
    const box = (viewBox ?? {}) as { x?: unknown; y?: unknown; width?: unknown; height?: unknown };
    const [x, y, width, height] = [
      numberOf(box.x),
      numberOf(box.y),
      numberOf(box.width),
      numberOf(box.height),
    ];
    // No figure draws no bar; an empty slice of a stack has no room for one.
    if (typeof value !== 'number' || (position === 'center' && value === 0)) return null;
    const placed =
      position === 'right'
        ? { x: x + width + 4, y: y + height / 2, textAnchor: 'start' as const }
        : position === 'center'
          ? { x: x + width / 2, y: y + height / 2, textAnchor: 'middle' as const }
          : { x: x + width / 2, y: y - 6, textAnchor: 'middle' as const };
    return (
      <text
        {...placed}
        dominantBaseline={position === 'top' ? 'auto' : 'central'}
        fill={LABEL_FILL}
        fontSize={11}
      >
        {format(value)}
      </text>
    );
  };
}

type TTickProps = {
  readonly x?: unknown;
  readonly y?: unknown;
  readonly payload?: { readonly value?: unknown };
};

/** Where a category axis writes its names: down the side of horizontal bars, or slanted under upright ones. */
export type TTickPlacement = 'side' | 'slanted' | 'under';

// The slant of crowded names under upright bars: every name shows, none on top of the next.
export const SLANT_DEGREES = 35;

/**
 * A category's name on its axis, cut with an ellipsis to `maxPx` so it never runs out of the chart (the
 * whole name is its tooltip, through SVG's <title>).
 */
export function categoryTick(placement: TTickPlacement, maxPx: number) {
  return function CategoryTick({ x, y, payload }: TTickProps) {
    const name = String(payload?.value ?? '');
    const shown = truncated(name, maxPx);
    // Recharts' own class for an axis' text, so its styles (and tests) find ours.
    const text = {
      className: 'recharts-cartesian-axis-tick-value',
      fill: AXIS_TICK.fill,
      fontSize: AXIS_TICK.fontSize,
    };
    const title = shown === name ? null : <title>{name}</title>;
    switch (placement) {
      case 'side':
        return (
          <text x={numberOf(x) - 6} y={numberOf(y)} dominantBaseline="central" textAnchor="end" {...text}>
            {title}
            {shown}
          </text>
        );
      case 'slanted':
        return (
          <g transform={`translate(${numberOf(x)},${numberOf(y)})`}>
            <text dy={10} textAnchor="end" transform={`rotate(-${SLANT_DEGREES})`} {...text}>
              {title}
              {shown}
            </text>
          </g>
        );
      case 'under':
        return (
          <text x={numberOf(x)} y={numberOf(y)} dy={12} textAnchor="middle" {...text}>
            {title}
            {shown}
          </text>
        );
    }
  };
}
