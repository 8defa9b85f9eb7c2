import { describe, expect, it } from 'vitest';
import { ROLE_LABELS } from './role-labels';
import { ROLES } from './roles';

describe('ROLE_LABELS', () => {
  it('labels every role, and no other key', () => {
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) expect(ROLE_LABELS[role]).toMatch(/\S/);
  });
});
