import { CAD_CONTENT_TYPES, type TCadContentType } from '../designs/design-files';
import type { TImageContentType } from './catalog';

/** A CAD type's extensions, from CAD_CONTENT_TYPES (STEP has two). */
function cadExtensions(): Record<TCadContentType, string[]> {
  const byType: Partial<Record<TCadContentType, string[]>> = {};
  for (const [extension, type] of Object.entries(CAD_CONTENT_TYPES)) {
    byType[type] = [...(byType[type] ?? []), extension];
  }
  return byType as Record<TCadContentType, string[]>;
}

/** The extensions each stored type goes by; the first is the one a name is given when it has none of them. */
const EXTENSIONS: Readonly<Record<TImageContentType | TCadContentType, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/heic': ['heic', 'heif'],
  ...cadExtensions(),
};

const extensionOf = (name: string): string | null => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? null : name.slice(dot + 1).toLowerCase();
};

/**
 * The name a file is stored and served under: its extension is one of its detected type's (issue 34 §7).
 * A PNG sent as `page.html` becomes `page.png`, so a download or a file manager never opens it as a page;
 * a name without a matching extension gets the type's first one.
 */
export function fileNameForType(fileName: string, contentType: TImageContentType | TCadContentType): string {
  const allowed = EXTENSIONS[contentType];
  const extension = extensionOf(fileName);
  if (extension !== null && allowed.includes(extension)) return fileName;
  const base = extension === null ? fileName : fileName.slice(0, fileName.lastIndexOf('.'));
  const baseExtension = extensionOf(base);
  if (baseExtension !== null && allowed.includes(baseExtension)) return base;
  return `${base}.${allowed[0]}`;
}

/** Whether a stored content type is one whose names `fileNameForType` can mend. */
export function isStoredFileType(contentType: string): contentType is TImageContentType | TCadContentType {
  return Object.hasOwn(EXTENSIONS, contentType);
}
