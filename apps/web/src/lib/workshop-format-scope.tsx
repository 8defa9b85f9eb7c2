import { Fragment, type ReactNode } from 'react';
import { setWorkshopFormat, workshopFormat } from './date-format';

/**
 * Puts the workshop's time zone (Settings › general's working hours) into the one formatter module before its
 * children render. A zone that differs from the one the page painted with (the last known, else the browser's)
 * renders them again once, so no date stays in the wrong zone.
 */
export function WorkshopFormatScope({
  timeZone,
  children,
}: {
  readonly timeZone: string | undefined;
  readonly children: ReactNode;
}) {
  // Idempotent: the same zone changes nothing, so rendering twice is harmless.
  if (timeZone) setWorkshopFormat({ timeZone });
  return <Fragment key={workshopFormat().timeZone}>{children}</Fragment>;
}
