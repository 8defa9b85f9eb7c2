import { FEATURE_FLAGS } from '@loupe/domain/config/constants';
import { describe, expect, it, vi } from 'vitest';
import { applyLogLevel } from './log-level';

function fakeConsole() {
  return { debug: vi.fn(), log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

describe('applyLogLevel', () => {
  it("keeps only errors at the spec's production level (§9: log level error)", () => {
    const target = fakeConsole();
    const { error } = target;
    applyLogLevel(target, FEATURE_FLAGS.logLevel);
    target.info('Signed in as ada@example.com (admin)');
    target.warn('a warning');
    target.log('a log');
    target.debug('a detail');
    target.error('a failure');
    expect(error).toHaveBeenCalledExactlyOnceWith('a failure');
    expect(target.info).not.toBe(fakeConsole().info);
  });

  it('keeps warnings and errors at warn, everything at debug', () => {
    const atWarn = fakeConsole();
    const { warn, info } = atWarn;
    applyLogLevel(atWarn, 'warn');
    atWarn.warn('kept');
    atWarn.info('dropped');
    expect(warn).toHaveBeenCalledOnce();
    expect(info).not.toHaveBeenCalled();

    const atDebug = fakeConsole();
    const { debug } = atDebug;
    applyLogLevel(atDebug, 'debug');
    atDebug.debug('kept');
    expect(debug).toHaveBeenCalledOnce();
  });
});
