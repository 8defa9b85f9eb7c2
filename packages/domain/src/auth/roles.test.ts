import { describe, expect, it } from 'vitest';
import { LEAST_PRIVILEGED_ROLE, ROLES, roleFromProfile, ZRoleSchema } from './roles';

describe('ROLES', () => {
  it('lists exactly the seven staff roles of spec §1', () => {
    expect([...ROLES].sort()).toEqual(
      ['admin', 'designer', 'manager', 'operator', 'production', 'qa', 'salesperson'].sort(),
    );
  });

  it('accepts every role in the schema and rejects anything else', () => {
    for (const role of ROLES) expect(ZRoleSchema.safeParse(role).success).toBe(true);
    expect(ZRoleSchema.safeParse('sales').success).toBe(false);
    expect(ZRoleSchema.safeParse('Admin').success).toBe(false);
  });

  it('makes the least privileged role a real role', () => {
    expect(ROLES).toContain(LEAST_PRIVILEGED_ROLE);
  });
});

describe('roleFromProfile (spec §4 "Roles")', () => {
  it.each(ROLES)('maps the real role %s to itself', (role) => {
    expect(roleFromProfile(role)).toBe(role);
  });

  it("treats 'sales' as salesperson", () => {
    expect(roleFromProfile('sales')).toBe('salesperson');
  });

  it.each([
    ['an unknown role', 'superuser'],
    ['a role in another case', 'ADMIN'],
    ['an empty string', ''],
    ['a prototype key', 'toString'],
    ['another prototype key', 'constructor'],
    ['the prototype accessor', '__proto__'],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['an object', { role: 'admin' }],
  ])('defaults %s to salesperson', (_label, value) => {
    expect(roleFromProfile(value)).toBe('salesperson');
  });
});
