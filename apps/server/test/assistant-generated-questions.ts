import type { TAssistantAnswer } from '@loupe/domain/assistant/assistant-api';
import type { TAssistantIntent } from '@loupe/domain/assistant/question-parser';
import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import {
  JOB_SUMMARY_VIEWS,
  JOB_VIEW_LABELS,
  jobStateLabels,
  type TJobKind,
  type TJobState,
  type TJobView,
} from '@loupe/domain/jobs/job-views';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@loupe/domain/orders/order';
import { REPAIR_STATUS_LABELS, REPAIR_STATUSES } from '@loupe/domain/repairs/repair';
import { plural } from '@loupe/domain/text/plural';
import { STAFF_BY_ROLE } from '../workshop/workshop-plan.ts';
import type { TAssistantWorkshop } from './support/assistant-workshop.ts';

/**
 * The assistant's generated questions (issue 32 §4): one per filter and role — kinds × job views, statuses,
 * stations, departments, due windows and arrival times, offsite, people — each asked as a role, with its
 * expected answer taken from the API that role would read for it on the seeded workshop
 * (support/assistant-workshop.ts): GET /workflow/summary for a tile's count, GET /orders and /repairs with
 * ?view= or ?status= for a list, GET /tracking/stations/{id}/items for what is at a place, GET
 * /tracking/offsite (open jobs only) for what is offsite, GET /workflow/people and the board for who has what.
 * Nothing expected is written by hand. An answer is right when its count (the number its first bold phrase
 * starts with: "**3 orders** are overdue", "**No repairs** …", "**Nothing** …") is the API's, and the job
 * numbers it names (in its text and tables) are exactly the API's; a refusal is right when the API refuses.
 * Used by test/assistant-engine.test.ts and `npm run bench:assistant`.
 */

export type TExpected =
  /** A count, and exactly these job numbers named (all of them, and no other). */
  | { readonly kind: 'count'; readonly count: number; readonly numbers: readonly string[] }
  /** The API refuses this role: the answer says so and names no job. */
  | { readonly kind: 'denied' }
  /** Words the answer must hold (whole words, any case), and exactly these job numbers when given. */
  | {
      readonly kind: 'fragments';
      readonly fragments: readonly string[];
      readonly numbers?: readonly string[];
    }
  /** The same answer as to another question (job numbers aside): a job the role may not see is no job. */
  | { readonly kind: 'same-as'; readonly question: string };

export type TGeneratedQuestion = {
  readonly question: string;
  readonly role: TRole;
  readonly intent: TAssistantIntent;
  /** The filter this question covers: its family before the colon ("station: repair"), for the tallies. */
  readonly filter: string;
  readonly expected: TExpected;
};

type TListItem = {
  id: string;
  orderNumber?: string;
  repairNumber?: string;
  status: string;
  promisedDate: string | null;
  salesperson: { id: string } | null;
  state: TJobState | null;
  tracking: { stationName: string | null; departmentName: string | null; status: string } | null;
};
type TJobRef = { kind: TJobKind; id: string; number: string };
type TStationItem = { kind: TJobKind; id: string; number: string; arrivedAt: string | null };
type TDepartment = { id: string; name: string; stations: { id: string; name: string }[] };
type TPerson = { id: string; name: string; role: string; openAssignments: number };
type TBoard = {
  columns: {
    jobs: { kind: TJobKind; id: string; number: string; assignment: { assignee: { id: string } } | null }[];
  }[];
};

const KINDS = ['order', 'repair'] as const;
const KIND_WORDS: Readonly<Record<TJobKind | 'all', string>> = {
  order: 'orders',
  repair: 'repairs',
  all: 'jobs',
};

/** How each view is asked: a count and a list. */
const VIEW_QUESTIONS: Readonly<
  Record<TJobView, { count: (noun: string) => string; which: (noun: string) => string }>
> = {
  overdue: { count: (n) => `How many ${n} are overdue?`, which: (n) => `Which ${n} are overdue?` },
  'due-today': { count: (n) => `How many ${n} are due today?`, which: (n) => `Which ${n} are due today?` },
  'due-this-week': {
    count: (n) => `How many ${n} are due this week?`,
    which: (n) => `Which ${n} are due this week?`,
  },
  'at-risk': { count: (n) => `How many ${n} are at risk?`, which: (n) => `Which ${n} are at risk?` },
  'over-phase-target': {
    count: (n) => `How many ${n} are over their phase target?`,
    which: (n) => `Which ${n} are over phase target?`,
  },
  rush: { count: (n) => `How many rush ${n} are there?`, which: (n) => `Which ${n} are rush?` },
  offsite: { count: (n) => `How many ${n} are offsite?`, which: (n) => `Which ${n} are offsite?` },
  'ready-for-pickup': {
    count: (n) => `How many ${n} are ready for pickup?`,
    which: (n) => `Which ${n} are ready for pickup?`,
  },
  'awaiting-approval': {
    count: (n) => `How many ${n} are awaiting approval?`,
    which: (n) => `Which ${n} are awaiting customer approval?`,
  },
};

const numberOf = (item: TListItem) => item.orderNumber ?? item.repairNumber ?? '';
const sorted = (numbers: Iterable<string>) => [...new Set(numbers)].sort();
const byNumber = (jobs: readonly TJobRef[]) => sorted(jobs.map((job) => job.number));
const intersect = (a: readonly TJobRef[], b: readonly TJobRef[]) =>
  a.filter((job) => b.some((other) => other.kind === job.kind && other.id === job.id));
const union = (...lists: (readonly TJobRef[])[]) => {
  const seen = new Map<string, TJobRef>();
  for (const job of lists.flat()) seen.set(`${job.kind}:${job.id}`, job);
  return [...seen.values()];
};
const count = (jobs: readonly TJobRef[]): TExpected => ({
  kind: 'count',
  count: jobs.length,
  numbers: byNumber(jobs),
});

/** Reads the APIs as each role, once per address. */
function apiReader(w: TAssistantWorkshop) {
  const cache = new Map<string, Promise<{ status: number; data: unknown }>>();
  return (role: TRole, url: string) => {
    const key = `${role} ${url}`;
    let found = cache.get(key);
    if (!found) {
      found = w.clients[role].request('GET', `/api/v1${url}`).then((response) => ({
        status: response.statusCode,
        data: response.statusCode === 200 ? (response.json() as { data: unknown }).data : null,
      }));
      cache.set(key, found);
    }
    return found;
  };
}

/** Builds the questions and their expected answers from the APIs of the seeded workshop. */
export async function generateQuestions(w: TAssistantWorkshop): Promise<TGeneratedQuestion[]> {
  const api = apiReader(w);
  const now = w.t.clock();

  /** GET /orders or /repairs with a filter, every page (null when the role may not list the kind). */
  async function list(
    role: TRole,
    kind: TJobKind,
    filter = '',
  ): Promise<(TListItem & { ref: TJobRef })[] | null> {
    const items: (TListItem & { ref: TJobRef })[] = [];
    let cursor: string | null = null;
    do {
      const answer = await api(
        role,
        `/${kind}s?limit=200${filter ? `&${filter}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      if (answer.status === 403) return null;
      if (answer.status !== 200) throw new Error(`GET /${kind}s?${filter} answered ${answer.status}`);
      const page = answer.data as { items: TListItem[]; nextCursor: string | null };
      items.push(
        ...page.items.map((item) => ({ ...item, ref: { kind, id: item.id, number: numberOf(item) } })),
      );
      cursor = page.nextCursor;
    } while (cursor !== null);
    return items;
  }
  const refs = async (role: TRole, kind: TJobKind, filter = '') =>
    (await list(role, kind, filter))?.map((item) => item.ref) ?? null;
  /** The jobs of the kinds asked (all: those the role may list) through the lists' filter; null: refused. */
  async function jobsOf(role: TRole, kind: TJobKind | 'all', filter: string): Promise<TJobRef[] | null> {
    if (kind !== 'all') return refs(role, kind, filter);
    const found = await Promise.all(KINDS.map((candidate) => refs(role, candidate, filter)));
    return found.flatMap((jobs) => jobs ?? []);
  }
  const summaryOf = async (role: TRole) =>
    (await api(role, '/workflow/summary')).data as {
      kinds: TJobKind[];
      counts: Record<TJobView, Record<TJobKind, number>>;
    };
  async function stationItems(role: TRole, stationId: string): Promise<TStationItem[]> {
    const answer = await api(role, `/tracking/stations/${stationId}/items`);
    return answer.data as TStationItem[];
  }
  const departments = ((await api('admin', '/departments?limit=200')).data as { items: TDepartment[] }).items;
  const stations = departments.flatMap((department) =>
    department.stations.map((station) => ({ ...station, department })),
  );
  const allItems = [...((await list('admin', 'order')) ?? []), ...((await list('admin', 'repair')) ?? [])];
  const openItems = allItems.filter((item) => item.state?.isOpen);

  const rows: TGeneratedQuestion[] = [];
  const add = (row: TGeneratedQuestion) => rows.push(row);

  // ── Kinds × job views: a tile's count (GET /workflow/summary) and its list (GET /orders?view=…).
  const viewCases = async (role: TRole, kind: TJobKind | 'all', view: TJobView, which: boolean) => {
    const noun = KIND_WORDS[kind];
    const question = which ? VIEW_QUESTIONS[view].which(noun) : VIEW_QUESTIONS[view].count(noun);
    const intent: TAssistantIntent = view === 'offsite' ? 'offsite' : 'jobs';
    const listed = await jobsOf(role, kind, `view=${view}`);
    if (listed === null) {
      add({
        question,
        role,
        intent,
        filter: `kind × view: ${view} × ${kind} (refused)`,
        expected: { kind: 'denied' },
      });
      return;
    }
    const summary = await summaryOf(role);
    const tile = (kind === 'all' ? summary.kinds : [kind]).reduce(
      (sum, k) => sum + summary.counts[view][k],
      0,
    );
    // A tile's count is the length of the list it opens (issue 32 §2): the generated set relies on it.
    if (tile !== listed.length)
      throw new Error(`${role}: the ${view} tile says ${tile}, its list ${listed.length}`);
    const jobs = view === 'offsite' ? await offsiteFor(role, kind) : listed;
    add({ question, role, intent, filter: `kind × view: ${view} × ${kind}`, expected: count(jobs) });
  };

  /** GET /tracking/offsite for the roles that may open it, restricted to open jobs; the view for the rest. */
  async function offsiteFor(role: TRole, kind: TJobKind | 'all'): Promise<TJobRef[]> {
    const answer = await api(role, '/tracking/offsite');
    const viewed = (await jobsOf(role, kind, 'view=offsite')) ?? [];
    if (answer.status !== 200) return viewed;
    const open = openItems.map((item) => item.ref);
    const fromList = (answer.data as { itemKind: TJobKind; itemId: string; number: string }[])
      .filter((item) => kind === 'all' || item.itemKind === kind)
      .map((item) => ({ kind: item.itemKind, id: item.itemId, number: item.number }));
    const offsite = intersect(fromList, open);
    if (byNumber(offsite).join() !== byNumber(viewed).join()) {
      throw new Error(
        `${role}: /tracking/offsite has ${byNumber(offsite)}, the offsite view ${byNumber(viewed)}`,
      );
    }
    return offsite;
  }

  for (const view of Object.keys(VIEW_QUESTIONS) as TJobView[]) {
    for (const kind of ['all', ...KINDS] as const) {
      await viewCases('admin', kind, view, false);
      await viewCases('admin', kind, view, true);
    }
  }
  for (const role of ROLES.filter((candidate) => candidate !== 'admin')) {
    for (const view of [
      'overdue',
      'at-risk',
      'due-this-week',
      'rush',
      'ready-for-pickup',
      'offsite',
    ] as const) {
      await viewCases(role, 'all', view, view === 'overdue' || view === 'offsite');
    }
    await viewCases(role, 'repair', 'overdue', false);
    await viewCases(role, 'order', 'offsite', true);
  }

  // ── "Late" is understood, never said: overdue; with risk, at risk too; "this week" adds the week's at-risk.
  const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  for (const kind of ['all', ...KINDS] as const) {
    const noun = KIND_WORDS[kind];
    const overdue = (await jobsOf('admin', kind, 'view=overdue')) ?? [];
    const atRisk = (await jobsOf('admin', kind, 'view=at-risk')) ?? [];
    const week = (await jobsOf('admin', kind, 'view=due-this-week')) ?? [];
    const late = (question: string, jobs: TJobRef[]) =>
      add({ question, role: 'admin', intent: 'jobs', filter: `late words: ${kind}`, expected: count(jobs) });
    late(`Which ${noun} are late?`, overdue);
    late(`What ${noun} might be late?`, atRisk);
    late(`Which ${noun} are late or at risk?`, union(overdue, atRisk));
    late(`Which ${noun} are late this week?`, union(overdue, intersect(atRisk, week)));
    late(`Are any ${noun} behind schedule?`, overdue);
    late(`Which ${noun} are stuck?`, (await jobsOf('admin', kind, 'view=over-phase-target')) ?? []);
    // Due windows: tomorrow (in work, promised tomorrow) and a view within this week.
    const dueWeek = (await list('admin', 'order', 'view=due-this-week')) ?? [];
    const dueWeekRepairs = (await list('admin', 'repair', 'view=due-this-week')) ?? [];
    const dueTomorrow = [...dueWeek, ...dueWeekRepairs]
      .filter((item) => (kind === 'all' || item.ref.kind === kind) && item.promisedDate === tomorrow)
      .map((item) => item.ref);
    add({
      question: `What ${noun} are due tomorrow?`,
      role: 'admin',
      intent: 'jobs',
      filter: `due window: tomorrow × ${kind}`,
      expected: count(dueTomorrow),
    });
    const rush = (await jobsOf('admin', kind, 'view=rush')) ?? [];
    add({
      question: `Which rush ${noun} are due this week?`,
      role: 'admin',
      intent: 'jobs',
      filter: `due window: rush this week × ${kind}`,
      expected: count(intersect(rush, week)),
    });
  }

  // ── Statuses: as the lists filter them (GET /orders?status=…), finished ones included.
  const statusLabels: Readonly<Record<TJobKind, Readonly<Record<string, string>>>> = {
    order: ORDER_STATUS_LABELS,
    repair: REPAIR_STATUS_LABELS,
  };
  for (const kind of KINDS) {
    for (const status of kind === 'order' ? ORDER_STATUSES : REPAIR_STATUSES) {
      const label = statusLabels[kind][status] ?? status;
      const jobs = (await refs('admin', kind, `status=${status}`)) ?? [];
      add({
        question: `How many ${KIND_WORDS[kind]} have the status ${label}?`,
        role: 'admin',
        intent: 'jobs',
        filter: `status: ${status} × ${kind}`,
        expected: count(jobs),
      });
    }
  }
  const natural: readonly [string, TJobKind | 'all', string, TRole][] = [
    ['How many orders are in production?', 'order', 'in_production', 'admin'],
    ['Which repairs are in progress?', 'repair', 'in_progress', 'admin'],
    ['Which repairs are waiting for parts?', 'repair', 'waiting_parts', 'admin'],
    ['How many jobs are in quality check?', 'all', 'quality_check', 'admin'],
    ['How many jobs are in quality check?', 'all', 'quality_check', 'qa'],
    ['How many new orders are there?', 'order', 'new', 'admin'],
    ['How many orders were delivered?', 'order', 'delivered', 'admin'],
    ['How many repairs were picked up?', 'repair', 'picked_up', 'manager'],
    ['Which repairs are waiting for parts?', 'repair', 'waiting_parts', 'designer'],
    ['How many jobs have the status Cancelled?', 'all', 'cancelled', 'admin'],
  ];
  for (const [question, kind, status, role] of natural) {
    const jobs =
      kind === 'all'
        ? await jobsOf(role, 'all', `status=${status}`)
        : await refs(role, kind, `status=${status}`);
    add({
      question,
      role,
      intent: 'jobs',
      filter: `status: ${status} × ${kind}${role === 'admin' ? '' : ` as ${role}`}`,
      expected: jobs === null ? { kind: 'denied' } : count(jobs),
    });
  }

  // ── Stations and departments: what the tracking API's station items hold, of a kind.
  const atPlace = async (role: TRole, stationIds: readonly string[], kind: TJobKind | 'all') => {
    const items = (await Promise.all(stationIds.map((id) => stationItems(role, id)))).flat();
    return items
      .filter((item) => kind === 'all' || item.kind === kind)
      .map((item) => ({ kind: item.kind, id: item.id, number: item.number }));
  };
  const placeQuestion = (kind: TJobKind | 'all', preposition: string, name: string) =>
    kind === 'all'
      ? `What is ${preposition} ${name}?`
      : `How many ${KIND_WORDS[kind]} are ${preposition} ${name}?`;
  for (const station of stations) {
    for (const kind of ['all', ...KINDS] as const) {
      add({
        question: placeQuestion(kind, 'at', station.name),
        role: 'admin',
        intent: 'at-place',
        filter: `station: ${kind}`,
        expected: count(await atPlace('admin', [station.id], kind)),
      });
    }
  }
  for (const department of departments) {
    const ids = department.stations.map((station) => station.id);
    for (const kind of ['all', ...KINDS] as const) {
      add({
        question: placeQuestion(kind, 'in', department.name),
        role: 'admin',
        intent: 'at-place',
        filter: `department: ${kind}`,
        expected: count(await atPlace('admin', ids, kind)),
      });
    }
  }
  const departmentNamed = (name: string) => {
    const found = departments.find((department) => department.name === name);
    if (!found) throw new Error(`no department ${name}`);
    return found;
  };
  const stationNamed = (name: string) => {
    const found = stations.find((station) => station.name === name);
    if (!found) throw new Error(`no station ${name}`);
    return found;
  };
  // A place and a view, a status or a kind, as roles that see less.
  const combos: readonly [string, TRole, string[], TJobKind | 'all', string | null][] = [
    [
      'How many overdue jobs are in Casting?',
      'admin',
      departmentNamed('Casting').stations.map((s) => s.id),
      'all',
      'view=overdue',
    ],
    [
      'Which jobs in QA are overdue?',
      'admin',
      departmentNamed('QA').stations.map((s) => s.id),
      'all',
      'view=overdue',
    ],
    [
      'Which rush orders are in QA?',
      'admin',
      departmentNamed('QA').stations.map((s) => s.id),
      'order',
      'view=rush',
    ],
    [
      'How many repairs in QA are over their phase target?',
      'admin',
      departmentNamed('QA').stations.map((s) => s.id),
      'repair',
      'view=over-phase-target',
    ],
    [
      'What at Inspection is due this week?',
      'admin',
      [stationNamed('Inspection').id],
      'all',
      'view=due-this-week',
    ],
    [
      'How many pieces in QA are ready for pickup?',
      'admin',
      departmentNamed('QA').stations.map((s) => s.id),
      'all',
      'view=ready-for-pickup',
    ],
    [
      'Which orders in Polishing are in production?',
      'admin',
      departmentNamed('Polishing').stations.map((s) => s.id),
      'order',
      'status=in_production',
    ],
    [
      'What is at risk in Stone setting?',
      'admin',
      departmentNamed('Stone setting').stations.map((s) => s.id),
      'all',
      'view=at-risk',
    ],
    ['What is at Inspection?', 'designer', [stationNamed('Inspection').id], 'all', null],
    ['What is in QA?', 'qa', departmentNamed('QA').stations.map((s) => s.id), 'all', null],
    ['What is in QA?', 'operator', departmentNamed('QA').stations.map((s) => s.id), 'all', null],
    ['How many repairs are in QA?', 'designer', [], 'repair', null],
    [
      'Which orders in QA are overdue?',
      'salesperson',
      departmentNamed('QA').stations.map((s) => s.id),
      'order',
      'view=overdue',
    ],
  ];
  for (const [question, role, ids, kind, filter] of combos) {
    if (kind !== 'all' && (await refs(role, kind)) === null) {
      add({
        question,
        role,
        intent: 'at-place',
        filter: `place × filter: ${kind} (refused)`,
        expected: { kind: 'denied' },
      });
      continue;
    }
    const here = await atPlace(role, ids, kind);
    const chosen = filter === null ? here : intersect(here, (await jobsOf(role, kind, filter)) ?? []);
    add({
      question,
      role,
      intent: 'at-place',
      filter: `place × filter: ${filter ?? 'all'} × ${kind}${role === 'admin' ? '' : ` as ${role}`}`,
      expected: count(chosen),
    });
  }
  // Time ranges: what arrived at a place within the last hours, by the items' arrival times.
  for (const [place, hours] of [
    ['QA', 3],
    ['QA', 24],
    ['Bench', 12],
    ['Inspection', 6],
    ['Polishing', 48],
  ] as const) {
    const isStation = stations.some((station) => station.name === place);
    const ids = isStation ? [stationNamed(place).id] : departmentNamed(place).stations.map((s) => s.id);
    const since = now.getTime() - hours * 3_600_000;
    const items = (await Promise.all(ids.map((id) => stationItems('admin', id)))).flat();
    const arrived = items
      .filter((item) => item.arrivedAt !== null && Date.parse(item.arrivedAt) >= since)
      .map((item) => ({ kind: item.kind, id: item.id, number: item.number }));
    add({
      question: `What arrived ${isStation ? 'at' : 'in'} ${place} in the last ${hours} hours?`,
      role: 'admin',
      intent: 'at-place',
      filter: 'arrival time: at a place within hours',
      expected: count(arrived),
    });
  }

  // ── Offsite, by kind and role: /tracking/offsite (open jobs) for its roles, the offsite view for others.
  for (const role of ['admin', 'manager', 'salesperson', 'designer', 'operator'] as const) {
    for (const kind of ['all', ...KINDS] as const) {
      const question = kind === 'all' ? 'What is offsite?' : `How many ${KIND_WORDS[kind]} are offsite?`;
      if (kind !== 'all' && (await refs(role, kind)) === null) {
        add({
          question,
          role,
          intent: 'offsite',
          filter: `offsite: ${kind} (refused)`,
          expected: { kind: 'denied' },
        });
        continue;
      }
      add({
        question,
        role,
        intent: 'offsite',
        filter: `offsite: ${kind}${role === 'admin' ? '' : ` as ${role}`}`,
        expected: count(await offsiteFor(role, kind)),
      });
    }
  }

  // ── One job: where it is (its tracking in the list), and why it is behind (its state's words).
  for (const item of allItems) {
    const number = item.ref.number;
    if (!item.state?.isOpen) {
      add({
        question: `Where is ${number}?`,
        role: 'admin',
        intent: 'where-is',
        filter: 'one job: finished',
        expected: { kind: 'fragments', fragments: ["can't find an open", number], numbers: [number] },
      });
      continue;
    }
    const labels = jobStateLabels(item.state).map((label) => label.toLowerCase());
    const place =
      item.tracking === null
        ? ['no tag read yet']
        : item.tracking.status === 'offsite'
          ? ['offsite', item.tracking.stationName ?? '']
          : [item.tracking.stationName ?? '', item.tracking.departmentName ?? ''];
    add({
      question: `Where is ${number}?`,
      role: 'admin',
      intent: 'where-is',
      filter: 'one job: where',
      expected: {
        kind: 'fragments',
        fragments: [number, ...place, ...(labels.length === 0 ? ['on track'] : labels)],
        numbers: [number],
      },
    });
    if (labels.length > 0 || item.ref.kind === 'repair') {
      add({
        question: `Why is ${number} late?`,
        role: 'admin',
        intent: 'why',
        filter: 'one job: why',
        expected: {
          kind: 'fragments',
          fragments: labels.length === 0 ? [number, 'on track'] : [number, ...labels],
          numbers: [number],
        },
      });
    }
  }
  // A role without repairs hears the same for a real repair and a made-up one, as the API answers both 403.
  const madeUp = 'REP-99999';
  for (const role of ROLES) {
    if ((await api(role, '/repairs?limit=1')).status !== 403) continue;
    for (const item of allItems.filter((candidate) => candidate.ref.kind === 'repair')) {
      const answer = await api(role, `/repairs/${item.id}`);
      if (answer.status !== 403) throw new Error(`${role} reads repair ${item.ref.number}`);
      add({
        question: `Where is ${item.ref.number}?`,
        role,
        intent: 'where-is',
        filter: `hidden job: as ${role}`,
        expected: { kind: 'same-as', question: `Where is ${madeUp}?` },
      });
    }
    add({
      question: `Why is REP-00001 late?`,
      role,
      intent: 'why',
      filter: `hidden job: as ${role}`,
      expected: { kind: 'same-as', question: `Why is ${madeUp} late?` },
    });
  }

  // ── Today's summary, as each role's dashboard tiles count it.
  for (const role of ROLES) {
    const summary = await summaryOf(role);
    add({
      question: "Today's summary",
      role,
      intent: 'summary',
      filter: `summary: as ${role}`,
      expected: {
        kind: 'fragments',
        fragments: JOB_SUMMARY_VIEWS.map(
          (view) =>
            `${summary.kinds.reduce((sum, kind) => sum + summary.counts[view][kind], 0)} ${JOB_VIEW_LABELS[view].toLowerCase()}`,
        ),
      },
    });
  }

  // ── Who has what: GET /workflow/people's count, the board's assignments for the jobs.
  const people = (await api('admin', '/workflow/people')).data as TPerson[];
  const boards = await Promise.all(KINDS.map((kind) => api('admin', `/workflow/board?kind=${kind}`)));
  const assigned = boards.flatMap((board) => (board.data as TBoard).columns.flatMap((column) => column.jobs));
  for (const role of ['salesperson', 'designer', 'operator', 'production', 'qa'] as const) {
    const person = people.find(
      (candidate) => candidate.name === `${STAFF_BY_ROLE[role].firstName} ${STAFF_BY_ROLE[role].lastName}`,
    );
    if (!person) throw new Error(`no ${role} among the staff`);
    const theirs = assigned.filter((job) => job.assignment?.assignee.id === person.id);
    // The people's load and the board's assignments are one truth: work that left closed its assignments.
    if (theirs.length !== person.openAssignments) {
      throw new Error(
        `${person.name}: /workflow/people says ${person.openAssignments} open, the board shows ${theirs.length}`,
      );
    }
    add({
      question: `What is assigned to ${STAFF_BY_ROLE[role].firstName}?`,
      role: 'admin',
      intent: 'assignments',
      filter: 'people: one person',
      expected: {
        kind: 'fragments',
        fragments: [
          person.name,
          person.openAssignments === 0
            ? 'nothing assigned'
            : plural(person.openAssignments, 'open assignment'),
        ],
        numbers: byNumber(theirs),
      },
    });
  }
  for (const role of ROLES) {
    const answer = await api(role, '/workflow/people');
    if (answer.status === 200) continue;
    add({
      question: 'Who has what assigned?',
      role,
      intent: 'assignments',
      filter: `people: as ${role} (refused)`,
      expected: { kind: 'denied' },
    });
  }

  // ── Mine: the jobs the asker sells (the list's salesperson) or is assigned (the board).
  const seller = w.userIds.salesperson;
  const mineOf = (jobs: readonly TJobRef[]) =>
    jobs.filter(
      (job) =>
        allItems.some(
          (item) => item.ref.kind === job.kind && item.id === job.id && item.salesperson?.id === seller,
        ) ||
        assigned.some(
          (other) =>
            other.kind === job.kind && other.id === job.id && other.assignment?.assignee.id === seller,
        ),
    );
  for (const [question, kind, view] of [
    ['Which of my orders are due this week?', 'order', 'due-this-week'],
    ['How many of my jobs are ready for pickup?', 'all', 'ready-for-pickup'],
    ['Which of my repairs are overdue?', 'repair', 'overdue'],
  ] as const) {
    add({
      question,
      role: 'salesperson',
      intent: 'jobs',
      filter: `mine: ${view} × ${kind}`,
      expected: count(mineOf((await jobsOf('salesperson', kind, `view=${view}`)) ?? [])),
    });
  }

  return rows;
}

const JOB_NUMBER = /\b(?:ORD|REP)-\d{5}\b/g;

/** The count an answer leads with: its first bold phrase, "**3 orders**", "**No repairs**", "**Nothing**". */
export function leadCount(text: string): number | null {
  const bold = /\*\*([^*]+)\*\*/.exec(text)?.[1]?.trim() ?? '';
  const found = /^(\d+|no|nothing)\b/i.exec(bold)?.[1];
  if (found === undefined) return null;
  return /^\d+$/.test(found) ? Number(found) : 0;
}

/** Every job number an answer names, in its words and its tables. */
export function namedNumbers(answer: Pick<TAssistantAnswer, 'text' | 'tables'>): string[] {
  const cells = answer.tables.flatMap((table) =>
    table.rows.flatMap((row) => row.map((cell) => (typeof cell === 'string' ? cell : cell.text))),
  );
  return sorted([answer.text, ...cells].flatMap((text) => text.match(JOB_NUMBER) ?? []));
}

const holds = (text: string, fragment: string) =>
  new RegExp(
    `(^|[^a-z0-9])${fragment.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`,
  ).test(text.toLowerCase());

/** What is wrong with an answer to a generated question (empty when it is exactly right). */
export function judgeGenerated(
  row: TGeneratedQuestion,
  answer: Pick<TAssistantAnswer, 'text' | 'tables'> & { intent: TAssistantIntent },
  reference?: Pick<TAssistantAnswer, 'text'>,
): string[] {
  const wrong: string[] = [];
  if (answer.intent !== row.intent) wrong.push(`intent ${row.intent} (got ${answer.intent})`);
  // Overdue, at risk and over phase target have their own words; "late" is none of them (issue 32 §1).
  if (/\blate\b/i.test(answer.text)) wrong.push('not the word “late”');
  const named = namedNumbers(answer);
  const expected = row.expected;
  switch (expected.kind) {
    case 'count': {
      const got = leadCount(answer.text);
      if (got !== expected.count) wrong.push(`count ${expected.count} (got ${got ?? 'none'})`);
      if (named.join() !== expected.numbers.join()) {
        wrong.push(`jobs ${expected.numbers.join(' ') || '(none)'} (got ${named.join(' ') || 'none'})`);
      }
      break;
    }
    case 'denied':
      if (!/permission|not shown to your role/i.test(answer.text)) wrong.push('a refusal');
      if (named.length > 0) wrong.push(`no jobs (got ${named.join(' ')})`);
      break;
    case 'fragments':
      for (const fragment of expected.fragments)
        if (!holds(answer.text, fragment)) wrong.push(`“${fragment}”`);
      if (expected.numbers && named.join() !== [...expected.numbers].sort().join()) {
        wrong.push(`jobs ${expected.numbers.join(' ')} (got ${named.join(' ') || 'none'})`);
      }
      break;
    case 'same-as': {
      const blind = (text: string) => text.replace(JOB_NUMBER, '#');
      if (reference === undefined) wrong.push(`no answer to “${expected.question}” to compare`);
      else if (blind(answer.text) !== blind(reference.text)) {
        wrong.push(`the answer to “${expected.question}”: ${reference.text}`);
      }
      break;
    }
  }
  return wrong;
}

/** The family of filters a question covers: "station", "kind × view", "hidden job"… */
export const familyOf = (row: Pick<TGeneratedQuestion, 'filter'>) => row.filter.split(':')[0] ?? row.filter;

/** Asks every generated question as its role and judges the answer. */
export async function askGenerated(
  w: TAssistantWorkshop,
  rows: readonly TGeneratedQuestion[],
): Promise<{ row: TGeneratedQuestion; wrong: string[]; text: string }[]> {
  const engine = w.t.app.loupe.assistant;
  const references = new Map<string, Promise<TAssistantAnswer>>();
  // Nothing changes while the questions are asked: reading how a question was understood reuses one
  // evaluation of the read model per role (each answer makes its own).
  const memos = new Map<TRole, Map<string, Promise<unknown>>>();
  const results: { row: TGeneratedQuestion; wrong: string[]; text: string }[] = [];
  for (const row of rows) {
    const actor = { id: w.userIds[row.role], role: row.role };
    const answer = await engine.answer(actor, row.question);
    const memo = memos.get(row.role) ?? new Map<string, Promise<unknown>>();
    memos.set(row.role, memo);
    const parsed = await engine.parse(row.question, { actor, now: w.t.clock(), timeZone: 'UTC', memo });
    let reference: TAssistantAnswer | undefined;
    if (row.expected.kind === 'same-as') {
      const key = `${row.role} ${row.expected.question}`;
      let found = references.get(key);
      if (!found) {
        found = engine.answer(actor, row.expected.question);
        references.set(key, found);
      }
      reference = await found;
    }
    results.push({
      row,
      text: answer.text,
      wrong: judgeGenerated(row, { ...answer, intent: parsed.intent }, reference),
    });
  }
  return results;
}
