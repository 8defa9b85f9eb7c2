import { Fragment, type ReactNode } from 'react';
import { setWorkshopFormat, workshopFormat } from './date-format';

/**
 * Puts the workshop's locale (Settings › general) and time zone (its working hours) into the one formatter
 * module before its children render. A locale or zone that differs from the one the page painted with (the last
 * known, else en-US and the browser's zone) renders them again once, so no date or figure stays in the old one.
 */
export function WorkshopFormatScope({
  locale,
  timeZone,
  children,
}: {
  readonly locale: string | undefined;
  readonly timeZone: string | undefined;
  readonly children: ReactNode;
}) {
  // Idempotent: the same locale and zone change nothing, so rendering twice is harmless.
  if (locale || timeZone)
    setWorkshopFormat({ ...(locale ? { locale } : {}), ...(timeZone ? { timeZone } : {}) });
  const { locale: shownLocale, timeZone: shownZone } = workshopFormat();
  return <Fragment key={`${shownLocale}|${shownZone}`}>{children}</Fragment>;
}
