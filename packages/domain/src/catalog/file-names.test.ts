import { describe, expect, it } from 'vitest';
import { fileNameForType, isStoredFileType } from './file-names';

describe('fileNameForType', () => {
  it.each([
    ['ring.jpg', 'image/jpeg', 'ring.jpg'],
    ['ring.JPEG', 'image/jpeg', 'ring.JPEG'],
    ['ring.png', 'image/png', 'ring.png'],
    ['IMG_0001.HEIF', 'image/heic', 'IMG_0001.HEIF'],
    ['band.stp', 'model/step', 'band.stp'],
    ['band.step', 'model/step', 'band.step'],
    ['band.3dm', 'model/vnd.3dm', 'band.3dm'],
  ] as const)('keeps %s, whose extension is its type’s (%s)', (name, type, kept) => {
    expect(fileNameForType(name, type)).toBe(kept);
  });

  it.each([
    // A PNG with HTML after it, named to be opened as a page.
    ['invoice.html', 'image/png', 'invoice.png'],
    ['x.svg', 'image/png', 'x.png'],
    ['photo.jpg', 'image/png', 'photo.png'],
    ['photo.png.html', 'image/png', 'photo.png'],
    ['photo.jpg.html', 'image/png', 'photo.jpg.png'],
    ['image', 'image/webp', 'image.webp'],
    ['.htaccess', 'image/gif', '.htaccess.gif'],
    ['scan.heic.exe', 'image/heic', 'scan.heic'],
    ['trailing.', 'image/jpeg', 'trailing.jpg'],
  ] as const)('renames %s (%s) to %s', (name, type, renamed) => {
    expect(fileNameForType(name, type)).toBe(renamed);
  });

  it('knows the stored types only', () => {
    expect(isStoredFileType('image/png')).toBe(true);
    expect(isStoredFileType('model/stl')).toBe(true);
    expect(isStoredFileType('text/html')).toBe(false);
    expect(isStoredFileType('toString')).toBe(false);
  });
});
