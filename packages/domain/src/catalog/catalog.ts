import { z } from 'zod';

/** Metal types and product types: named lists the order form picks from (spec §1 names the areas). */
export const ZCatalogTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type TCatalogType = z.infer<typeof ZCatalogTypeSchema>;

export const ZCatalogTypeInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  isActive: z.boolean().optional(),
});
export const ZCatalogTypeUpdateSchema = ZCatalogTypeInputSchema.partial();

export const ZDesignFolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  designCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type TDesignFolder = z.infer<typeof ZDesignFolderSchema>;

export const ZDesignFolderInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  parentId: z.uuid().nullish(),
});
export const ZDesignFolderUpdateSchema = ZDesignFolderInputSchema.partial();

/** An uploaded image of a design, order or repair; `url` serves its bytes. */
export const ZAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  url: z.string(),
  createdAt: z.string(),
});
export type TAttachment = z.infer<typeof ZAttachmentSchema>;

/** Images only: what a phone or a bench camera produces. */
export const IMAGE_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
] as const;
/** 15 MiB: a full-resolution phone photo fits, a video does not. */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;

export const ZDesignSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  folderId: z.string().nullable(),
  productTypeId: z.string().nullable(),
  metalTypeId: z.string().nullable(),
  images: z.array(ZAttachmentSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDesign = z.infer<typeof ZDesignSchema>;

export const ZDesignInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().max(5000).optional(),
  folderId: z.uuid().nullish(),
  productTypeId: z.uuid().nullish(),
  metalTypeId: z.uuid().nullish(),
});
export const ZDesignUpdateSchema = ZDesignInputSchema.partial();
