import { describe, expect, it } from 'vitest';
import type { TCurrentUser } from './auth-context';
import { createProfileStore, REMEMBERED_PROFILE_KEY } from './remembered-profile';

const grace: TCurrentUser = {
  id: 'user-7',
  email: 'grace@atelier.test',
  name: 'Grace Hopper',
  firstName: 'Grace',
  lastName: 'Hopper',
  role: 'qa',
  department: null,
  identity: { username: 'grace@atelier.test', userId: 'user-7', signInDetails: null, sub: 'user-7' },
};

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the remembered profile', () => {
  it('gives back the profile of the same user, without the session’s identity claims', () => {
    const storage = memoryStorage();
    const store = createProfileStore(() => storage);
    store.write(grace);
    expect(storage.items.get(REMEMBERED_PROFILE_KEY)).not.toContain('signInDetails');
    const { identity: _identity, ...profile } = grace;
    expect(store.read('user-7')).toEqual(profile);
    expect(store.read('user-8')).toBeNull();
  });

  it('reads nothing from an unreadable, foreign-shaped or blocked storage', () => {
    const storage = memoryStorage();
    storage.setItem(REMEMBERED_PROFILE_KEY, '{not json');
    expect(createProfileStore(() => storage).read('user-7')).toBeNull();
    storage.setItem(REMEMBERED_PROFILE_KEY, JSON.stringify({ ...grace, role: 'owner' }));
    expect(createProfileStore(() => storage).read('user-7')).toBeNull();
    const blocked = createProfileStore(() => {
      throw new Error('SecurityError');
    });
    expect(blocked.read('user-7')).toBeNull();
    expect(() => blocked.write(grace)).not.toThrow();
    expect(() => blocked.clear()).not.toThrow();
  });
});
