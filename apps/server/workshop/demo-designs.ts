import { ringRender, type TRingColours, YELLOW_GOLD_SAPPHIRE } from './design-render.ts';
import type { LoupeClient } from './loupe-client.ts';

// The demo's design library and design requests (issue 17): nested folders of designs to pick on an order,
// and requests at every step of the designer's queue, one waiting for the customer with a live link.

type TFolderPlan = {
  readonly name: string;
  readonly designs: readonly string[];
  readonly children?: readonly TFolderPlan[];
};

const LIBRARY: readonly TFolderPlan[] = [
  {
    name: 'Engagement rings',
    designs: [],
    children: [
      {
        name: 'Solitaires',
        designs: ['Classic six-claw solitaire', 'Bezel-set oval solitaire', 'Cathedral solitaire'],
      },
      { name: 'Halo', designs: ['Cushion halo with pavé band', 'Vintage milgrain halo'] },
      { name: 'Three stone', designs: ['Trilogy with tapered baguettes'] },
    ],
  },
  { name: 'Wedding bands', designs: ['Court band 3 mm', 'Flat comfort band 4 mm', 'Half-eternity band'] },
  { name: 'Pendants', designs: ['Pear drop pendant', 'Signet disc pendant'] },
  { name: 'Earrings', designs: ['Diamond studs, four claws', 'Huggie hoops'] },
];

const WHITE_GOLD_RUBY: TRingColours = { band: [200, 200, 205], stone: [220, 40, 70] };
const ROSE_GOLD_EMERALD: TRingColours = { band: [225, 160, 140], stone: [60, 160, 90] };

async function createFolder(admin: LoupeClient, plan: TFolderPlan, parentId: string | null): Promise<number> {
  const folder = await admin.data<{ id: string }>('POST', '/catalog/design-folders', {
    name: plan.name,
    parentId,
  });
  for (const name of plan.designs) {
    await admin.request('POST', '/catalog/designs', {
      name,
      description: `${name}: from the workshop's library.`,
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

type TSummary = { id: string; orderNumber: string; status: string };

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
            ? { decision: 'approved' }
            : {
                decision: 'changes-requested',
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
