/** "1 day", "3 days", "2 pieces": a count with its noun, for every sentence Loupe writes. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
