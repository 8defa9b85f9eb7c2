import { describe, expect, it } from 'vitest';
import { createRejectionLog } from './rejection-log.ts';

function setup() {
  let now = Date.UTC(2026, 10, 21, 9, 0, 0);
  const lines: { fields: Record<string, unknown>; message: string }[] = [];
  const log = createRejectionLog({
    logger: {
      warn: (fields: Record<string, unknown>, message: string) => {
        lines.push({ fields, message });
      },
    },
    clock: () => new Date(now),
    intervalMs: 60_000,
  });
  return { log, lines, advance: (ms: number) => (now += ms) };
}

const junk = {
  code: 'VALIDATION_FAILED',
  parts: 3,
  reason: 'body[0]: A read must be a JSON object',
} as const;

describe('createRejectionLog', () => {
  it('writes at most one line per reader a minute, and says then how much it left out', () => {
    const { log, lines, advance } = setup();
    for (let index = 0; index < 1_000; index += 1) log.report('bench-fx', junk);
    log.report('qa-r700', { code: 'TOO_MANY_READS', parts: 5_001, reason: 'too many' });
    expect(lines).toHaveLength(2);
    expect(lines[0]?.fields).toMatchObject({
      readerId: 'bench-fx',
      code: 'VALIDATION_FAILED',
      refusedParts: 3,
      suppressedPayloads: 0,
      suppressedParts: 0,
    });
    expect(lines[0]?.message).toContain('at most one line per reader every 60 s');

    advance(59_999);
    log.report('bench-fx', junk);
    expect(lines).toHaveLength(2);
    advance(1);
    log.report('bench-fx', junk);
    expect(lines).toHaveLength(3);
    expect(lines[2]?.fields).toMatchObject({
      readerId: 'bench-fx',
      suppressedPayloads: 1_000,
      suppressedParts: 3_000,
    });
  });

  it('keeps a line short whatever the reason quotes', () => {
    const { log, lines } = setup();
    log.report('bench-fx', { ...junk, reason: 'x'.repeat(1_000_000) });
    expect(String(lines[0]?.fields.reason).length).toBeLessThanOrEqual(300);
  });
});
