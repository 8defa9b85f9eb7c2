import { DEFAULT_DEPARTMENT_GRADIENT } from '@loupe/domain/registry/departments';

/**
 * The gradients a department card may use. Tailwind only ships the classes it finds in the source, so a
 * department's stored gradient renders only if it is written out here; any other falls back to the default.
 * Shades dark enough to carry white text.
 */
export const DEPARTMENT_GRADIENTS = [
  { value: DEFAULT_DEPARTMENT_GRADIENT, label: 'Slate' },
  { value: 'from-blue-600 to-indigo-700', label: 'Blue' },
  { value: 'from-violet-600 to-purple-800', label: 'Violet' },
  { value: 'from-emerald-600 to-teal-700', label: 'Emerald' },
  { value: 'from-amber-600 to-orange-700', label: 'Amber' },
  { value: 'from-rose-600 to-red-700', label: 'Rose' },
  { value: 'from-pink-600 to-fuchsia-700', label: 'Pink' },
  { value: 'from-cyan-600 to-sky-700', label: 'Cyan' },
] as const satisfies readonly { value: string; label: string }[];

export function isKnownGradient(gradient: string): boolean {
  return DEPARTMENT_GRADIENTS.some((option) => option.value === gradient);
}

/** The classes to render a department's gradient with: its own when Tailwind ships it, else the default. */
export function departmentGradientClass(gradient: string): string {
  return isKnownGradient(gradient) ? gradient : DEFAULT_DEPARTMENT_GRADIENT;
}
