import { SIDEBAR } from '@loupe/domain/config/constants';
import { useMediaQuery } from './use-media-query';

/** Viewports narrower than the spec's breakpoint (under 768 px, §2) are mobile. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${SIDEBAR.mobileBreakpointPx - 1}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY);
}
