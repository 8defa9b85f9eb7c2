import type { TPublicDesignRevision } from '@loupe/domain/designs/design-requests';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigContext } from '@/lib/runtime-config-context';
import { makeUser, TEST_PUBLIC_CONFIG } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { DesignApprovalRoute } from './design-approval-route';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const CONFIG = TEST_PUBLIC_CONFIG;

const REVISION: TPublicDesignRevision = {
  companyName: 'Atelier Test',
  orderNumber: 'ORD-00042',
  revisionNumber: 2,
  notes: 'Thinner band, as asked',
  files: [],
  sentAt: '2030-01-02T10:00:00.000Z',
  decision: null,
  decisionComment: null,
  decidedAt: null,
  decidedByName: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's side of the page: the revision, the CSRF token and the decision, recorded. */
function serve(page: Response | (() => Response), decision?: (body: Record<string, unknown>) => Response) {
  const posted: Record<string, unknown>[] = [];
  const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/csrf-token')) return json(200, { token: 'csrf' });
    if (url.endsWith('/decision')) {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      posted.push(body);
      return decision ? decision(body) : json(500, {});
    }
    return typeof page === 'function' ? page() : page.clone();
  });
  vi.stubGlobal('fetch', fetchSpy);
  return posted;
}

function renderPage() {
  return renderWithProviders(
    <RuntimeConfigContext.Provider value={CONFIG}>
      <DesignApprovalRoute />
    </RuntimeConfigContext.Provider>,
    { user: makeUser('salesperson'), route: `/design-approval/${TOKEN}`, path: '/design-approval/:token' },
  );
}

describe('the customer approval page (issue 35 §7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('approves only after a confirmation step with the name the customer types', async () => {
    const posted = serve(json(200, { data: REVISION }), (body) =>
      json(200, {
        data: {
          ...REVISION,
          decision: body.decision,
          decidedAt: '2030-01-03T09:30:00.000Z',
          decidedByName: String(body.name).trim(),
        },
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve this design' }));
    // One tap is not an answer: nothing is sent until the customer confirms.
    expect(posted).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Confirm your approval' })).toBeInTheDocument();
    expect(screen.getByText(/You are approving revision 2 of order/)).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm approval' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your full name'), '   ');
    expect(confirm).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Your full name'));
    await userEvent.type(screen.getByLabelText('Your full name'), 'Grace Hopper');
    await userEvent.click(confirm);
    await screen.findByText(/You approved this design on/);
    expect(posted).toEqual([{ decision: 'approved', name: 'Grace Hopper', comment: '' }]);
    expect(screen.getByText('Confirmed by Grace Hopper.')).toBeInTheDocument();
  });

  it('goes back without answering, and asks for changes with a comment and a name', async () => {
    const posted = serve(json(200, { data: REVISION }), (body) =>
      json(200, {
        data: {
          ...REVISION,
          decision: body.decision,
          decisionComment: body.comment,
          decidedAt: '2030-01-03T09:30:00.000Z',
          decidedByName: body.name,
        },
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve this design' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    const send = screen.getByRole('button', { name: 'Send my changes' });
    await userEvent.type(screen.getByLabelText('Your full name'), 'Grace Hopper');
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText('What would you like changed?'), 'White gold, please');
    await userEvent.click(send);
    await screen.findByText(/You asked for changes on/);
    expect(posted).toEqual([
      { decision: 'changes-requested', name: 'Grace Hopper', comment: 'White gold, please' },
    ]);
    expect(screen.getByText('White gold, please')).toBeInTheDocument();
  });

  it.each([
    ['superseded', /we sent you a newer design/],
    ['order-finished', /the order it belongs to is finished/],
  ] as const)('says a link expired as %s, with its reason', async (reason, text) => {
    serve(() =>
      json(410, {
        message: 'expired',
        status: 410,
        code: 'DESIGN_APPROVAL_LINK_EXPIRED',
        details: { reason },
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This design link has expired' })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('turns into the expired page when the link expired while it was open', async () => {
    serve(json(200, { data: REVISION }), () =>
      json(410, {
        message: 'This design link has expired: the order it belongs to is finished.',
        status: 410,
        code: 'DESIGN_APPROVAL_LINK_EXPIRED',
        details: { reason: 'order-finished' },
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve this design' }));
    await userEvent.type(screen.getByLabelText('Your full name'), 'Grace Hopper');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm approval' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'This design link has expired' })).toBeInTheDocument(),
    );
  });
});
