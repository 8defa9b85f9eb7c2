import { z } from 'zod';
import { ZListQuerySchema } from '../api/list';
import { lazySchema } from '../validation/lazy-schema';

/** Metal types and product types: named lists the order form picks from (spec §1 names the areas). */
export const ZCatalogTypeSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    isActive: z.boolean(),
    createdAt: z.string(),
  }),
);
export type TCatalogType = z.infer<typeof ZCatalogTypeSchema>;

export const ZCatalogTypeInputSchema = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    isActive: z.boolean().optional(),
  }),
);
export const ZCatalogTypeUpdateSchema = lazySchema(() => ZCatalogTypeInputSchema.unwrap().partial());

/** GET /catalog/metal-types and /catalog/product-types: by name; `isActive` keeps only (in)active ones. */
export const ZCatalogTypeListQuerySchema = lazySchema(() =>
  ZListQuerySchema.unwrap().extend({
    isActive: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  }),
);
export type TCatalogTypeListQuery = z.output<typeof ZCatalogTypeListQuerySchema>;

export const ZDesignFolderSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
    designCount: z.number().int().nonnegative(),
    createdAt: z.string(),
  }),
);
export type TDesignFolder = z.infer<typeof ZDesignFolderSchema>;

export const ZDesignFolderInputSchema = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    parentId: z.uuid().nullish(),
  }),
);
export const ZDesignFolderUpdateSchema = lazySchema(() => ZDesignFolderInputSchema.unwrap().partial());

/** An uploaded image of a design, order or repair; `url` serves its bytes. */
export const ZAttachmentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int().nonnegative(),
    url: z.string(),
    createdAt: z.string(),
  }),
);
export type TAttachment = z.infer<typeof ZAttachmentSchema>;

/** Images only: what a phone or a bench camera produces. */
export const IMAGE_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
] as const;
export type TImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
/** 15 MiB: a full-resolution phone photo fits, a video does not. */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** Images one upload request may carry: a counter's photo session, not a whole album. */
export const IMAGE_MAX_FILES_PER_UPLOAD = 10;
/** How many leading bytes `sniffImageContentType` needs to decide. */
export const IMAGE_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  prefix.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
// ISO-BMFF major brands of HEIF/HEIC stills (what iPhones write as .heic).
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

/**
 * The image type the bytes really are, from their magic numbers, or null: a declared content type is the
 * sender's word, and a browser told `nosniff` would otherwise render whatever an upload claims to be.
 */
export function sniffImageContentType(head: Uint8Array): TImageContentType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('ftyp'), 4) && HEIF_BRANDS.some((brand) => startsWith(head, ascii(brand), 8))) {
    return 'image/heic';
  }
  return null;
}

/** Where an attachment's bytes are served (GET /api/v1/attachments/{id}). */
export function attachmentUrl(id: string): string {
  return `/api/v1/attachments/${encodeURIComponent(id)}`;
}

export const ZDesignSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    stones: z.string(),
    tags: z.array(z.string()),
    folderId: z.string().nullable(),
    productTypeId: z.string().nullable(),
    metalTypeId: z.string().nullable(),
    images: z.array(ZAttachmentSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type TDesign = z.infer<typeof ZDesignSchema>;

/** One tag: a short word, kept lower-case so "Halo" and "halo" filter alike. */
export const ZDesignTagSchema = lazySchema(() =>
  z.string().trim().toLowerCase().min(1, 'A tag cannot be empty').max(40),
);
export const DESIGN_TAGS_MAX = 20;

/** Tags typed as "halo, Vintage, halo": trimmed, lower-case, each once, in the order first given. */
export function parseDesignTags(text: string): string[] {
  const tags = text
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => tag !== '');
  return [...new Set(tags)];
}

export const ZDesignInputSchema = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1, 'Name is required').max(200),
    description: z.string().max(5000).optional(),
    stones: z.string().trim().max(2000).optional(),
    tags: z
      .array(ZDesignTagSchema)
      .max(DESIGN_TAGS_MAX, `At most ${DESIGN_TAGS_MAX} tags`)
      .transform((tags) => [...new Set(tags)])
      .optional(),
    folderId: z.uuid().nullish(),
    productTypeId: z.uuid().nullish(),
    metalTypeId: z.uuid().nullish(),
  }),
);
export const ZDesignUpdateSchema = lazySchema(() => ZDesignInputSchema.unwrap().partial());

/**
 * GET /catalog/designs: `folderId` keeps one folder's designs, 'none' those in no folder; `productTypeId`,
 * `metalTypeId` and `tag` keep the designs of that product type, metal or tag (the library's filters).
 */
export const ZDesignListQuerySchema = lazySchema(() =>
  ZListQuerySchema.unwrap().extend({
    folderId: z.union([z.uuid(), z.literal('none')]).optional(),
    productTypeId: z.uuid().optional(),
    metalTypeId: z.uuid().optional(),
    tag: ZDesignTagSchema.optional(),
  }),
);
export type TDesignListQuery = z.output<typeof ZDesignListQuerySchema>;
