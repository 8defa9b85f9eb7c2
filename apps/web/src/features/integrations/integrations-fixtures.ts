import type { TEpcisCaptureSettings } from '@loupe/domain/integrations/epcis';

/** The capture settings of an installation where nobody set up an EPCIS repository yet. */
export const EPCIS_CAPTURE_OFF: TEpcisCaptureSettings = {
  url: '',
  enabled: false,
  hasAuthorization: false,
  allowPrivateNetwork: false,
  lastCaptureAt: null,
  lastError: null,
  pending: 0,
};
