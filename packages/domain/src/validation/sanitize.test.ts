import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HTML_ESCAPES, sanitizeInput } from './sanitize';

const ENTITY = /&(amp|lt|gt|quot|#x27|#x2F);/g;
// Written out here, not taken from the module, so that the test does not trust the code under test.
const DECODED: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#x2F;': '/',
};

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (entity) => DECODED[entity] ?? entity);
}

// Strings rich in the characters that matter, plus ordinary random text.
const TEXT = fc.oneof(
  fc.string({
    unit: fc.constantFrom('&', '<', '>', '"', "'", '/', ';', '#', 'x', '2', 'F', 'a', 'm', 'p', ' '),
  }),
  fc.string({ unit: 'grapheme' }),
  fc.string(),
);

describe('sanitizeInput (spec §5)', () => {
  it.each([
    ['&', '&amp;'],
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['"', '&quot;'],
    ["'", '&#x27;'],
    ['/', '&#x2F;'],
    ['<script>alert("x")</script>', '&lt;script&gt;alert(&quot;x&quot;)&lt;&#x2F;script&gt;'],
    ["Tom & Jerry's", 'Tom &amp; Jerry&#x27;s'],
    ['&lt;', '&amp;lt;'],
    ['&amp;', '&amp;amp;'],
    ['plain text 123', 'plain text 123'],
    ['', ''],
    ['💍 ring', '💍 ring'],
  ])('escapes %j as %j', (input, expected) => {
    expect(sanitizeInput(input)).toBe(expected);
  });

  it('escapes exactly the six characters of the spec', () => {
    expect(Object.keys(HTML_ESCAPES).sort()).toEqual(['"', '&', "'", '/', '<', '>']);
  });

  it('never leaves a raw < > " \' / in its output', () => {
    fc.assert(
      fc.property(TEXT, (text) => {
        expect(sanitizeInput(text)).not.toMatch(/[<>"'/]/);
      }),
    );
  });

  it('leaves no & that does not start one of its entities', () => {
    fc.assert(
      fc.property(TEXT, (text) => {
        expect(sanitizeInput(text)).not.toMatch(/&(?!(amp|lt|gt|quot|#x27|#x2F);)/);
      }),
    );
  });

  it('unescapes back to the input', () => {
    fc.assert(
      fc.property(TEXT, (text) => {
        expect(decodeEntities(sanitizeInput(text))).toBe(text);
      }),
    );
  });
});
