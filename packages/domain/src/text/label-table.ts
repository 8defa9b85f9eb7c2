/**
 * The values of a closed set written once, with the words each shows on screen: they are the keys of its
 * label table, in the table's order (for `z.enum`, menus and filters), so no value is listed apart from its
 * label.
 *
 *   export const ORDER_STATUS_LABELS = { new: 'New', ready: 'Ready for pickup' } as const;
 *   export const ORDER_STATUSES = keysOf(ORDER_STATUS_LABELS); // ['new', 'ready']
 */
export function keysOf<const T extends Readonly<Record<string, string>>>(
  table: T,
): readonly [keyof T & string, ...(keyof T & string)[]] {
  return Object.keys(table) as [keyof T & string, ...(keyof T & string)[]];
}
