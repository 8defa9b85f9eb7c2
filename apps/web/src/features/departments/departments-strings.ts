/** The tagline of spec §1, shown under the heading of the departments screen. */
export const DEPARTMENTS_TAGLINE =
  'Select a location to view departments and track items across our facilities';
