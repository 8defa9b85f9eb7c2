import type { TRole } from '@loupe/domain/auth/roles';
import type { TDesignRequest, TDesignRevision } from '@loupe/domain/designs/design-requests';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { envelope, mockGet } from '@/test/api-mocks';
import { stubObjectUrls } from '@/test/dom-stubs';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { OrderDesignPanel } from './order-design-panel';

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const REQUEST_ID = '22222222-2222-4222-8222-222222222222';
const REVISION_ID = '33333333-3333-4333-8333-333333333333';
const APPROVAL_URL = 'http://loupe.test/design-approval/AbCdEfGhIjKlMnOpQrStUvWxYz012345';

function revision(overrides: Partial<TDesignRevision> = {}): TDesignRevision {
  return {
    id: REVISION_ID,
    number: 2,
    notes: 'Thinner band, as asked',
    files: [
      {
        id: 'file-1',
        fileName: 'render-front.png',
        contentType: 'image/png',
        sizeBytes: 1234,
        url: '/api/v1/attachments/file-1',
        createdAt: '2030-01-02T10:00:00.000Z',
      },
    ],
    createdAt: '2030-01-02T10:00:00.000Z',
    createdBy: { id: 'd', name: 'Dana Designer' },
    sentAt: null,
    decision: null,
    decisionComment: null,
    decidedAt: null,
    decidedByName: null,
    approvalUrl: null,
    ...overrides,
  };
}

function designRequest(latest: TDesignRevision | null): TDesignRequest {
  return {
    id: REQUEST_ID,
    orderId: ORDER_ID,
    orderNumber: 'ORD-00042',
    customerName: 'Abigail Foster',
    status: 'in-progress',
    brief: 'Engagement ring, oval stone',
    designer: { id: 'd', name: 'Dana Designer' },
    salesperson: { id: 'user-salesperson', name: 'Test salesperson' },
    dueDate: null,
    revisionCount: latest ? 2 : 0,
    column: 'in-progress',
    orderPhase: { key: 'design', name: 'Design' },
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: '2030-01-02T10:00:00.000Z',
    photos: [],
    revisions: latest
      ? [latest, { ...revision({ number: 1 }), id: '44444444-4444-4444-8444-444444444444' }]
      : [],
  };
}

function mockDesign(request: TDesignRequest | null) {
  const { photos: _photos, revisions: _revisions, ...summary } = request ?? designRequest(null);
  return mockGet({
    'design-requests': envelope(request ? [summary] : []),
    [`design-requests/${REQUEST_ID}`]: () => envelope(request),
  });
}

function renderPanel(role: TRole = 'salesperson') {
  return renderWithProviders(<OrderDesignPanel orderId={ORDER_ID} />, {
    user: makeUser(role),
    route: `/orders/${ORDER_ID}`,
    path: '/orders/:orderId',
  });
}

describe('OrderDesignPanel (issue 17 §4)', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the status and the latest revision with its thumbnails, and sends it for approval', async () => {
    const restoreUrls = stubObjectUrls('blob:render');
    try {
      const request = designRequest(revision());
      mockDesign(request);
      const download = vi.spyOn(apiClient, 'download').mockResolvedValue(new Blob(['png']));
      const post = vi.spyOn(apiClient, 'post').mockResolvedValue(envelope({ token: 't', url: APPROVAL_URL }));
      const user = userEvent.setup();
      renderPanel();

      const panel = (await screen.findByRole('heading', { name: 'Design' })).closest('[data-slot="card"]');
      if (!(panel instanceof HTMLElement)) throw new Error('no Design panel');
      expect(within(panel).getByText('In progress')).toBeInTheDocument();
      expect(await within(panel).findByRole('heading', { name: 'Revision 2' })).toBeInTheDocument();
      expect(within(panel).queryByRole('heading', { name: 'Revision 1' })).not.toBeInTheDocument();
      expect(await within(panel).findByRole('img', { name: 'render-front.png' })).toBeInTheDocument();
      expect(download).toHaveBeenCalledWith(
        'attachments/file-1',
        expect.objectContaining({ searchParams: { size: 'thumb' } }),
      );
      // From the order page the renders are only looked at.
      expect(within(panel).queryByRole('button', { name: /Delete photo/ })).not.toBeInTheDocument();

      await user.click(within(panel).getByRole('button', { name: 'Send for approval' }));
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith(
          `design-requests/${REQUEST_ID}/revisions/${REVISION_ID}/approval-link`,
        ),
      );
    } finally {
      restoreUrls();
    }
  });

  it('offers the live link to copy once the revision was sent', async () => {
    mockDesign(designRequest(revision({ sentAt: '2030-01-03T10:00:00.000Z', approvalUrl: APPROVAL_URL })));
    vi.spyOn(apiClient, 'download').mockResolvedValue(new Blob(['png']));
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderPanel('admin');
    expect(await screen.findByRole('textbox', { name: 'Approval link of revision 2' })).toHaveValue(
      APPROVAL_URL,
    );
    expect(screen.queryByRole('button', { name: 'Send for approval' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(APPROVAL_URL);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('says so when the designer has not shared a revision yet', async () => {
    mockDesign(designRequest(null));
    renderPanel();
    expect(await screen.findByText('No revision yet: the designer has not shared one.')).toBeInTheDocument();
  });

  it('shows nothing for an order without a design request', async () => {
    const get = mockDesign(null);
    renderPanel();
    // Asked for by the order, so that a delivered order's design is found too.
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        'design-requests',
        expect.objectContaining({ searchParams: { orderId: ORDER_ID } }),
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Design' })).not.toBeInTheDocument();
  });

  it.each<TRole>(['manager', 'production', 'qa'])('asks nothing and shows nothing to a %s', (role) => {
    const get = vi.spyOn(apiClient, 'get');
    renderPanel(role);
    expect(get).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Design' })).not.toBeInTheDocument();
  });
});
