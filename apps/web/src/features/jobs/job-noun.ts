/** How the shared job screens name a kind of job in their sentences: `{ one: 'order', other: 'orders' }`. */
export type TJobNoun = { readonly one: string; readonly other: string };

/** 'order' → 'Order', for a sentence that opens with the noun. */
export function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
