import { vi } from 'vitest';

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

/**
 * jsdom has no fetch; Node's Request, which ky builds, refuses the app's page-relative '/api/v1/…' URLs. A
 * browser resolves them against the page: this Request does too, so a test can send requests through the
 * app's real apiClient and stub only `fetch`. Undone by vi.unstubAllGlobals().
 */
export function stubPageRelativeRequests(): void {
  const NodeRequest = globalThis.Request;
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
}
