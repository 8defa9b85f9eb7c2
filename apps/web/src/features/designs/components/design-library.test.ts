import type { TDesignFolder } from '@loupe/domain/catalog/catalog';
import { describe, expect, it } from 'vitest';
import { folderTree } from './design-library';

const folder = (id: string, name: string, parentId: string | null = null): TDesignFolder => ({
  id,
  name,
  parentId,
  designCount: 0,
  createdAt: '2030-01-01T00:00:00.000Z',
});

describe('folderTree', () => {
  it('puts each folder under its parent, siblings in the order the server sorted them', () => {
    const tree = folderTree([
      folder('e', 'Earrings'),
      folder('h', 'Halo', 'r'),
      folder('r', 'Rings'),
      folder('s', 'Solitaires', 'r'),
      folder('v', 'Vintage', 'h'),
    ]);
    expect(tree.map(({ folder: f, depth }) => `${'-'.repeat(depth)}${f.name}`)).toEqual([
      'Earrings',
      'Rings',
      '-Halo',
      '--Vintage',
      '-Solitaires',
    ]);
  });

  it('shows a folder whose parent it cannot see at the top rather than losing it', () => {
    expect(folderTree([folder('x', 'Orphan', 'gone')]).map(({ depth }) => depth)).toEqual([0]);
  });
});
