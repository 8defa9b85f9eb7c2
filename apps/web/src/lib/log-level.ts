/** Client log levels, least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type TLogLevel = (typeof LOG_LEVELS)[number];

type TConsoleMethod = 'debug' | 'log' | 'info' | 'warn' | 'error';
const METHODS_OF: Readonly<Record<TLogLevel, readonly TConsoleMethod[]>> = {
  debug: ['debug', 'log'],
  info: ['info'],
  warn: ['warn'],
  error: ['error'],
};

const silent = () => {};

/**
 * Silences the console below `level` (spec §9: log level error; main.tsx applies it to production builds,
 * so "Signed in as …" and warnings stay in development). Errors are never silenced.
 */
export function applyLogLevel(target: Pick<Console, TConsoleMethod>, level: TLogLevel): void {
  const threshold = LOG_LEVELS.indexOf(level);
  for (const [index, name] of LOG_LEVELS.entries()) {
    if (index >= threshold) continue;
    for (const method of METHODS_OF[name]) target[method] = silent;
  }
}
