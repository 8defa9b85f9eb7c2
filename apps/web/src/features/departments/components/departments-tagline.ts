/** The shell's tagline (spec §1), under the departments screen's heading and the dashboard's workshop map. */
export const DEPARTMENTS_TAGLINE =
  'Select a location to view departments and track items across our facilities';
