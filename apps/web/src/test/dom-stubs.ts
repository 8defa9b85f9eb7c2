/** Radix Select and friends measure and capture pointers, which jsdom lacks. */
export function stubPointerApis(): void {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
}

/** jsdom has no object URLs; thumbnails need them. Returns the undo. */
export function stubObjectUrls(url: string): () => void {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = () => url;
  URL.revokeObjectURL = () => {};
  return () => {
    if (original.create) URL.createObjectURL = original.create;
    else Reflect.deleteProperty(URL, 'createObjectURL');
    if (original.revoke) URL.revokeObjectURL = original.revoke;
    else Reflect.deleteProperty(URL, 'revokeObjectURL');
  };
}
