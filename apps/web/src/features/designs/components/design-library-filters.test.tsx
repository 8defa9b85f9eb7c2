import type { TCatalogType, TDesign } from '@loupe/domain/catalog/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, type TRequestOptions } from '@/lib/api-client';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { DesignLibrary } from './design-library';

const PLATINUM: TCatalogType = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Platinum',
  isActive: true,
  createdAt: '2030-01-01T00:00:00.000Z',
};

const HALO: TDesign = {
  id: '66666666-6666-4666-8666-666666666666',
  name: 'Vintage milgrain halo',
  description: '',
  stones: '1 × 0.8 ct oval sapphire, 14 × 0.02 ct diamond halo',
  tags: ['halo', 'vintage'],
  folderId: null,
  productTypeId: null,
  metalTypeId: null,
  images: [],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

type TParams = Record<string, unknown>;

/** The library's GETs; designs answer HALO unless a metal is chosen (nothing is in platinum). */
function mockLibrary() {
  const designQueries: TParams[] = [];
  mockGet({
    'catalog/design-folders': page([]),
    'catalog/product-types': page([]),
    'catalog/metal-types': page([PLATINUM]),
    'catalog/designs': (options: TRequestOptions | undefined) => {
      const params = (options?.searchParams ?? {}) as TParams;
      designQueries.push(params);
      return page(params.metalTypeId ? [] : [HALO]);
    },
  });
  return designQueries;
}

function renderLibrary() {
  return renderWithProviders(<DesignLibrary />, { user: makeUser('designer'), route: '/designer' });
}

describe('DesignLibrary filters and stones and tags (issue 17 §1)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a design’s stones and tags, filters by metal, says when nothing matches, and clears', async () => {
    const queries = mockLibrary();
    renderLibrary();
    const card = await screen.findByRole('article', { name: HALO.name });
    expect(card).toHaveTextContent('Stones: 1 × 0.8 ct oval sapphire, 14 × 0.02 ct diamond halo');
    expect(within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(2);

    await screen.findByRole('option', { name: 'Platinum' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Metal' }), 'Platinum');
    expect(await screen.findByText('No design matches these filters.')).toBeInTheDocument();
    expect(queries.at(-1)).toMatchObject({ metalTypeId: PLATINUM.id });

    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findByRole('article', { name: HALO.name })).toBeInTheDocument();
    // The unfiltered list comes back (from the cache: no new request is needed) and the select says "any".
    expect(screen.getByRole('combobox', { name: 'Metal' })).toHaveValue('');
    expect(screen.queryByText('No design matches these filters.')).not.toBeInTheDocument();
  });

  it('filters by a tag chosen on a card', async () => {
    const queries = mockLibrary();
    renderLibrary();
    const card = await screen.findByRole('article', { name: HALO.name });
    await userEvent.click(within(card).getByRole('button', { name: 'Show designs tagged vintage' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ tag: 'vintage' }));
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('vintage');
  });

  it('keeps a design’s CAD files apart from its images, with their type and size', async () => {
    const signet: TDesign = {
      ...HALO,
      id: '77777777-7777-4777-8777-777777777777',
      name: 'Signet',
      images: [
        {
          id: '88888888-8888-4888-8888-888888888888',
          fileName: 'signet.stl',
          contentType: 'model/stl',
          sizeBytes: 2048,
          url: '/api/v1/attachments/88888888-8888-4888-8888-888888888888',
          createdAt: '2030-01-01T00:00:00.000Z',
        },
      ],
    };
    mockGet({
      'catalog/design-folders': page([]),
      'catalog/product-types': page([]),
      'catalog/metal-types': page([]),
      'catalog/designs': page([signet]),
    });
    renderLibrary();
    const card = await screen.findByRole('article', { name: 'Signet' });
    expect(card).toHaveTextContent('0 images, 1 CAD file');
    await userEvent.click(within(card).getByRole('button', { name: /Signet/ }));
    const cadFiles = await within(card).findByRole('list', { name: 'CAD files' });
    expect(cadFiles).toHaveTextContent('signet.stl');
    expect(cadFiles).toHaveTextContent('STL · 2 KB');
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
  });

  it('saves stones and tags typed with commas from the open card', async () => {
    mockLibrary();
    const patch = vi
      .spyOn(apiClient, 'patch')
      .mockResolvedValue(envelope({ ...HALO, stones: '1 × 1 ct oval ruby', tags: ['halo', 'red'] }));
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(HALO.name) }));
    const stones = screen.getByLabelText('Stones');
    expect(stones).toHaveValue(HALO.stones);
    expect(screen.getByRole('textbox', { name: 'Tags' })).toHaveValue('halo, vintage');
    await userEvent.clear(stones);
    await userEvent.type(stones, '1 × 1 ct oval ruby');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Tags' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Tags' }), ' Halo, red,, halo');
    await userEvent.click(screen.getByRole('button', { name: 'Save stones and tags' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(`catalog/designs/${HALO.id}`, {
        stones: '1 × 1 ct oval ruby',
        tags: ['halo', 'red'],
      }),
    );
  });
});
