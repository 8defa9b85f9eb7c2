import { ringRender, type TRingColours, YELLOW_GOLD_SAPPHIRE } from './design-render.ts';
import type { LoupeClient } from './loupe-client.ts';

// The demo's design library and design requests (issue 17): nested folders of designs to pick on an order,
// and requests at every step of the designer's queue, one waiting for the customer with a live link.

/** A library design: what a designer would write for its stones, and the tags the library filters by. */
type TDesignPlan = { readonly name: string; readonly stones: string; readonly tags: readonly string[] };

type TFolderPlan = {
  readonly name: string;
  readonly designs: readonly TDesignPlan[];
  readonly children?: readonly TFolderPlan[];
};

const LIBRARY: readonly TFolderPlan[] = [
  {
    name: 'Engagement rings',
    designs: [],
    children: [
      {
        name: 'Solitaires',
        designs: [
          {
            name: 'Classic six-claw solitaire',
            stones: '1 × 1.0 ct round brilliant diamond',
            tags: ['engagement', 'classic', 'solitaire'],
          },
          {
            name: 'Bezel-set oval solitaire',
            stones: '1 × 1.2 ct oval diamond',
            tags: ['engagement', 'modern', 'solitaire', 'bezel'],
          },
          {
            name: 'Cathedral solitaire',
            stones: '1 × 0.9 ct round brilliant diamond',
            tags: ['engagement', 'classic', 'solitaire'],
          },
        ],
      },
      {
        name: 'Halo',
        designs: [
          {
            name: 'Cushion halo with pavé band',
            stones: '1 × 1.5 ct cushion diamond, 18 × 0.015 ct halo, 24 × 0.01 ct pavé',
            tags: ['engagement', 'halo', 'pavé'],
          },
          {
            name: 'Vintage milgrain halo',
            stones: '1 × 0.8 ct oval sapphire, 14 × 0.02 ct round diamond halo',
            tags: ['engagement', 'halo', 'vintage', 'milgrain', 'coloured stone'],
          },
        ],
      },
      {
        name: 'Three stone',
        designs: [
          {
            name: 'Trilogy with tapered baguettes',
            stones: '1 × 1.0 ct emerald-cut diamond, 2 × 0.25 ct tapered baguette diamond',
            tags: ['engagement', 'trilogy', 'art deco'],
          },
        ],
      },
    ],
  },
  {
    name: 'Wedding bands',
    designs: [
      { name: 'Court band 3 mm', stones: '', tags: ['wedding', 'plain', 'classic'] },
      { name: 'Flat comfort band 4 mm', stones: '', tags: ['wedding', 'plain', 'modern'] },
      {
        name: 'Half-eternity band',
        stones: '11 × 0.05 ct round brilliant diamond, claw set',
        tags: ['wedding', 'eternity', 'classic'],
      },
    ],
  },
  {
    name: 'Pendants',
    designs: [
      {
        name: 'Pear drop pendant',
        stones: '1 × 0.7 ct pear diamond, 1 × 0.03 ct round diamond on the bail',
        tags: ['pendant', 'classic', 'drop'],
      },
      { name: 'Signet disc pendant', stones: '', tags: ['pendant', 'engraved', 'plain'] },
    ],
  },
  {
    name: 'Earrings',
    designs: [
      {
        name: 'Diamond studs, four claws',
        stones: '2 × 0.5 ct round brilliant diamond',
        tags: ['earrings', 'classic', 'studs'],
      },
      {
        name: 'Huggie hoops',
        stones: '2 × 9 × 0.01 ct pavé diamond',
        tags: ['earrings', 'hoops', 'pavé', 'modern'],
      },
    ],
  },
];

const WHITE_GOLD_RUBY: TRingColours = { band: [200, 200, 205], stone: [220, 40, 70] };
const ROSE_GOLD_EMERALD: TRingColours = { band: [225, 160, 140], stone: [60, 160, 90] };

async function createFolder(admin: LoupeClient, plan: TFolderPlan, parentId: string | null): Promise<number> {
  const folder = await admin.data<{ id: string }>('POST', '/catalog/design-folders', {
    name: plan.name,
    parentId,
  });
  for (const design of plan.designs) {
    await admin.request('POST', '/catalog/designs', {
      name: design.name,
      description: `${design.name}: from the workshop's library.`,
      stones: design.stones,
      tags: design.tags,
      folderId: folder.id,
    });
  }
  let count = plan.designs.length;
  for (const child of plan.children ?? []) count += await createFolder(admin, child, folder.id);
  return count;
}

/** Folders and designs; answers how many designs. */
export async function seedDesignLibrary(admin: LoupeClient): Promise<number> {
  let count = 0;
  for (const plan of LIBRARY) count += await createFolder(admin, plan, null);
  return count;
}

type TSummary = { id: string; orderNumber: string; customerName: string; status: string };

async function revisionWithRender(
  designer: LoupeClient,
  requestId: string,
  notes: string,
  colours: TRingColours,
) {
  const revision = await designer.data<{ id: string; number: number }>(
    'POST',
    `/design-requests/${requestId}/revisions`,
    { notes },
  );
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(ringRender(240, colours))], { type: 'image/png' }),
    `render-${revision.number}.png`,
  );
  await designer.request('POST', `/design-requests/${requestId}/revisions/${revision.id}/files`, form);
  return revision;
}

/**
 * The requests the seeded orders opened (those with a designer), moved along the queue: some in progress with
 * a first revision, one waiting for the customer (its link is printed), one sent back with changes, one
 * approved. The rest stay new. Answers the approval link waiting for the customer, if any.
 */
export async function seedDesignRequests(
  designer: LoupeClient,
): Promise<{ count: number; approvalUrl: string | null }> {
  const requests = await designer.data<TSummary[]>('GET', '/design-requests?status=new');
  const [inProgress, waiting, changes, approved] = [
    requests.slice(0, 2),
    requests[2],
    requests[3],
    requests[4],
  ];
  for (const request of inProgress) {
    await designer.request('PATCH', `/design-requests/${request.id}`, { status: 'in-progress' });
    await revisionWithRender(designer, request.id, 'First sketch from the brief.', YELLOW_GOLD_SAPPHIRE);
  }
  let approvalUrl: string | null = null;
  const sendAndAnswer = async (request: TSummary | undefined, answer: 'none' | 'changes' | 'approved') => {
    if (!request) return;
    await designer.request('PATCH', `/design-requests/${request.id}`, { status: 'in-progress' });
    const revision = await revisionWithRender(
      designer,
      request.id,
      'Front view; the stone sits low, as asked.',
      answer === 'changes' ? WHITE_GOLD_RUBY : ROSE_GOLD_EMERALD,
    );
    const link = await designer.data<{ token: string; url: string }>(
      'POST',
      `/design-requests/${request.id}/revisions/${revision.id}/approval-link`,
    );
    if (answer === 'none') {
      approvalUrl = link.url;
      return;
    }
    // The customer's answer, as their browser would send it: a public call without anyone's credentials.
    const base = new URL(link.url);
    const csrf = await fetch(`${designer.baseUrl}/api/auth/csrf-token`);
    const cookie = csrf.headers.get('set-cookie')?.split(';')[0] ?? '';
    const { token } = (await csrf.json()) as { token: string };
    const response = await fetch(
      `${designer.baseUrl}/api/v1/public/design-approvals/${base.pathname.split('/').pop()}/decision`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
        body: JSON.stringify(
          answer === 'approved'
            ? { decision: 'approved', name: request.customerName }
            : {
                decision: 'changes-requested',
                name: request.customerName,
                comment: 'Could the band be a little thinner, and in white gold?',
              },
        ),
      },
    );
    if (!response.ok)
      throw new Error(`the demo customer's answer failed: ${response.status} ${await response.text()}`);
  };
  await sendAndAnswer(waiting, 'none');
  await sendAndAnswer(changes, 'changes');
  await sendAndAnswer(approved, 'approved');
  return { count: requests.length, approvalUrl };
}
