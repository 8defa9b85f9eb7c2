import { Shell } from '../shell';

/** The least shell, drawn with Tailwind, the web's Button and Card, and lucide icons: no Radix. */
export function FloorPage() {
  return <Shell />;
}
