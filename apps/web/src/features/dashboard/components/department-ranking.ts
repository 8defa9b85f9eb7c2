export type TDepartmentCount = { readonly name: string; readonly count: number };

/**
 * Bar widths in twelfths of the largest count. Whole class names, so that Tailwind finds them in the source
 * (it cannot see a class built from a number at run time).
 */
const BAR_WIDTH_CLASSES = [
  'w-0',
  'w-1/12',
  'w-2/12',
  'w-3/12',
  'w-4/12',
  'w-5/12',
  'w-6/12',
  'w-7/12',
  'w-8/12',
  'w-9/12',
  'w-10/12',
  'w-11/12',
  'w-full',
] as const;
export type TBarWidthClass = (typeof BAR_WIDTH_CLASSES)[number];

/** Departments with items in them, most items first; equal counts by name. */
export function rankDepartments(departmentCounts: Readonly<Record<string, number>>): TDepartmentCount[] {
  return Object.entries(departmentCounts)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** The bar of `count` relative to the largest count; any item at all shows at least a sliver. */
export function barWidthClass(count: number, largest: number): TBarWidthClass {
  const steps = BAR_WIDTH_CLASSES.length - 1;
  if (count <= 0 || largest <= 0) return 'w-0';
  const step = Math.max(1, Math.min(steps, Math.round((count / largest) * steps)));
  return BAR_WIDTH_CLASSES[step] ?? 'w-full';
}
