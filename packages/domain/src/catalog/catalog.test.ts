import { describe, expect, it } from 'vitest';
import {
  attachmentUrl,
  IMAGE_CONTENT_TYPES,
  IMAGE_SNIFF_BYTES,
  parseDesignTags,
  sniffImageContentType,
  ZCatalogTypeInputSchema,
  ZCatalogTypeListQuerySchema,
  ZDesignFolderInputSchema,
  ZDesignInputSchema,
  ZDesignListQuerySchema,
} from './catalog';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe('sniffImageContentType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
    ['GIF87a', bytes('GIF87a'), 'image/gif'],
    ['GIF89a', bytes('GIF89a'), 'image/gif'],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBP'), 'image/webp'],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic'), 'image/heic'],
    ['HEIF (mif1)', bytes([0, 0, 0, 0x1c], 'ftypmif1'), 'image/heic'],
  ])('recognises %s by its magic bytes', (_name, head, type) => {
    expect(sniffImageContentType(head)).toBe(type);
  });

  it.each([
    ['a PDF', bytes('%PDF-1.7')],
    ['a WAV (RIFF but not WEBP)', bytes('RIFF', [1, 2, 3, 4], 'WAVE')],
    ['an MP4 (ftyp but not HEIF)', bytes([0, 0, 0, 0x18], 'ftypisom')],
    ['an HTML page', bytes('<!doctype html>')],
    ['too few bytes', bytes([0x89, 0x50])],
    ['nothing', new Uint8Array()],
  ])('refuses %s', (_name, head) => {
    expect(sniffImageContentType(head)).toBeNull();
  });

  it('decides within the first IMAGE_SNIFF_BYTES bytes and only answers accepted types', () => {
    expect(IMAGE_SNIFF_BYTES).toBeGreaterThanOrEqual(12);
    const type = sniffImageContentType(
      bytes('RIFF', [0, 0, 0, 0], 'WEBP', [0, 0, 0, 0]).slice(0, IMAGE_SNIFF_BYTES),
    );
    expect(IMAGE_CONTENT_TYPES).toContain(type);
  });
});

describe('catalog input', () => {
  it('names a type, trimmed, and lists them optionally by activity', () => {
    expect(ZCatalogTypeInputSchema.parse({ name: '  Gold 18k ' })).toEqual({ name: 'Gold 18k' });
    expect(ZCatalogTypeInputSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(
      'Name is required',
    );
    expect(ZCatalogTypeListQuerySchema.parse({ isActive: 'false' })).toEqual({ isActive: false, limit: 50 });
  });

  it('puts a folder at the top or under a folder given by id', () => {
    expect(ZDesignFolderInputSchema.parse({ name: 'Rings', parentId: null })).toEqual({
      name: 'Rings',
      parentId: null,
    });
    expect(ZDesignFolderInputSchema.safeParse({ name: 'Rings', parentId: 'top' }).success).toBe(false);
  });

  it('lists designs of one folder, or of none', () => {
    expect(ZDesignListQuerySchema.parse({ folderId: 'none' }).folderId).toBe('none');
    expect(ZDesignListQuerySchema.safeParse({ folderId: 'elsewhere' }).success).toBe(false);
    expect(ZDesignInputSchema.safeParse({ name: 'Halo', metalTypeId: 'gold' }).success).toBe(false);
  });

  it('reads tags typed with commas as trimmed lower-case words, each once', () => {
    expect(parseDesignTags(' Halo, vintage,, halo ,Art Deco ')).toEqual(['halo', 'vintage', 'art deco']);
    expect(parseDesignTags(' , ')).toEqual([]);
    expect(ZDesignInputSchema.parse({ name: 'Halo', tags: ['Halo', 'halo '] }).tags).toEqual(['halo']);
    expect(ZDesignInputSchema.safeParse({ name: 'Halo', tags: Array(21).fill('x') }).success).toBe(false);
    expect(ZDesignListQuerySchema.parse({ tag: ' Vintage' }).tag).toBe('vintage');
  });

  it('serves an attachment under the attachments route', () => {
    expect(attachmentUrl('3f2b4a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(
      '/api/v1/attachments/3f2b4a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    );
  });
});
