import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGES, unstorableTextReason } from './storable-text';

describe('text PostgreSQL can store (issue 20 §1)', () => {
  it.each([
    ['a\u0000b', UNSTORABLE_TEXT_MESSAGES.nul],
    ['\u0000', UNSTORABLE_TEXT_MESSAGES.nul],
    ['x\uD800', UNSTORABLE_TEXT_MESSAGES.loneSurrogate],
    ['\uDC00x', UNSTORABLE_TEXT_MESSAGES.loneSurrogate],
    ['\uDBFF\uDBFF\uDC00', UNSTORABLE_TEXT_MESSAGES.loneSurrogate],
  ])('refuses %j', (text, reason) => {
    expect(unstorableTextReason(text)).toBe(reason);
  });

  it.each(['', 'Ring, 18k gold', 'Zoë 💍 ß 漢字', '%00', '\\u0000', '\t\n\r'])('accepts %j', (text) => {
    expect(unstorableTextReason(text)).toBeNull();
  });

  it('accepts every well-formed string without NUL, and refuses every string with one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        fc.pre(!a.includes('\u0000') && !b.includes('\u0000'));
        expect(unstorableTextReason(a + b)).toBeNull();
        expect(unstorableTextReason(`${a}\u0000${b}`)).toBe(UNSTORABLE_TEXT_MESSAGES.nul);
      }),
    );
  });

  it('names each bad string and key in a body by its path', () => {
    const body = {
      name: 'ok',
      items: [{ note: 'fine' }, { note: 'bad\u0000' }],
      'k\u0000': 'value',
      nested: { deeper: ['\uD800'] },
      count: 3,
    };
    expect(findUnstorableText(body, 'body')).toEqual([
      { field: 'body.items.1.note', message: UNSTORABLE_TEXT_MESSAGES.nul },
      { field: 'body', message: `has a key that ${UNSTORABLE_TEXT_MESSAGES.nul}` },
      { field: 'body.nested.deeper.0', message: UNSTORABLE_TEXT_MESSAGES.loneSurrogate },
    ]);
    expect(findUnstorableText({ a: [1, true, null, 'x'] }, 'query')).toEqual([]);
    expect(findUnstorableText('a\u0000', 'params.id')).toEqual([
      { field: 'params.id', message: UNSTORABLE_TEXT_MESSAGES.nul },
    ]);
  });

  it('stops at the limit and refuses nesting deeper than any real body', () => {
    expect(findUnstorableText(Array(50).fill('\u0000'), 'body', 3)).toHaveLength(3);
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i += 1) deep = [deep];
    expect(findUnstorableText(deep, 'body')).toEqual([
      { field: expect.stringMatching(/^body/), message: 'is nested too deeply' },
    ]);
  });
});
