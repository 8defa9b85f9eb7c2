// jsdom has no window.matchMedia. Tests that need one install this controllable fake and restore it after.

class FakeMediaQueryList extends EventTarget {
  readonly media: string;
  onchange: ((this: MediaQueryList, event: MediaQueryListEvent) => unknown) | null = null;
  readonly #matches: () => boolean;

  constructor(media: string, matches: () => boolean) {
    super();
    this.media = media;
    this.#matches = matches;
  }

  get matches(): boolean {
    return this.#matches();
  }

  // The deprecated listener API, still part of the MediaQueryList type.
  addListener(listener: EventListener): void {
    this.addEventListener('change', listener);
  }

  removeListener(listener: EventListener): void {
    this.removeEventListener('change', listener);
  }
}

export type TMatchMediaMock = {
  /** Makes `query` match or not and tells its listeners. */
  setMatches(query: string, matches: boolean): void;
  restore(): void;
};

/** Installs a fake window.matchMedia; queries not in `matching` do not match until setMatches says so. */
export function mockMatchMedia(matching: Record<string, boolean> = {}): TMatchMediaMock {
  const state = new Map<string, boolean>(Object.entries(matching));
  const lists = new Map<string, FakeMediaQueryList[]>();
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');

  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => {
      const list = new FakeMediaQueryList(query, () => state.get(query) ?? false);
      lists.set(query, [...(lists.get(query) ?? []), list]);
      return list as unknown as MediaQueryList;
    },
  });

  return {
    setMatches(query, matches) {
      state.set(query, matches);
      for (const list of lists.get(query) ?? []) list.dispatchEvent(new Event('change'));
    },
    restore() {
      if (original) Object.defineProperty(window, 'matchMedia', original);
      else Reflect.deleteProperty(window, 'matchMedia');
    },
  };
}
