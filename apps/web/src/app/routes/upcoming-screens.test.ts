import { describe, expect, it } from 'vitest';
import { UPCOMING_SCREENS } from './upcoming-screens';

// Words that belong in the tracker, not on a workshop's screen (issue 11 §10).
const DEVELOPER_WORDING = /\b(issue|arrives with|once it exists|placeholder|TODO|later)\b/i;

describe('screens still being built', () => {
  it.each(Object.entries(UPCOMING_SCREENS))(
    '%s says what it will be for, in staff words',
    (_path, screen) => {
      expect(screen.description).not.toMatch(DEVELOPER_WORDING);
      expect(screen.description.length).toBeGreaterThan(20);
    },
  );
});
