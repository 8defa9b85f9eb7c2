import type { TJobView } from '../jobs/job-views';
import { JOB_STATUSES, jobStatusLabel, STATUS_VIEWS, type TDueWithin } from './job-query';

/**
 * The built-in engine's understanding of a question (issue 16 §2): an intent and the entities in it —
 * order and repair numbers, EPCs, customer, station, department and person names, relative dates. Pure:
 * the names it may recognise and the present are passed in.
 */

export const ASSISTANT_INTENTS = [
  'help',
  'where-is',
  'find-job',
  /** Why one job is overdue, at risk or over its phase target (or that it is on track). */
  'why',
  'at-place',
  /** Sets of jobs: in job views (overdue, at risk…), in a status, due within a window. */
  'jobs',
  'offsite',
  'assignments',
  'summary',
  'readers',
  'unknown',
] as const;
export type TAssistantIntent = (typeof ASSISTANT_INTENTS)[number];

export type TNamed = { readonly id: string; readonly name: string };
export type TKnownNames = {
  readonly stations: readonly (TNamed & { readonly departmentName: string })[];
  readonly departments: readonly TNamed[];
  readonly people: readonly TNamed[];
  readonly customers: readonly string[];
};

export type TParsedQuestion = {
  readonly intent: TAssistantIntent;
  /** Job numbers as typed, upper-cased: ORD-00012, REP-00003. */
  readonly numbers: readonly string[];
  readonly epcs: readonly string[];
  readonly stationIds: readonly string[];
  readonly departmentIds: readonly string[];
  readonly personIds: readonly string[];
  readonly customers: readonly string[];
  /** Words left for a search by description ("the emerald ring"). */
  readonly searchText: string | null;
  /** "since Tuesday", "since yesterday", "in the last 3 hours": when pieces arrived at a place. */
  readonly since: Date | null;
  /**
   * The job views asked about, as a union: "late" and "overdue" mean overdue; "at risk", "might be late"
   * mean at risk; "slipping" means both; "stuck" means over phase target (see VIEW_WORDS).
   */
  readonly views: readonly TJobView[];
  /** A status of the orders or repairs lists ("in production", "status Received"). */
  readonly status: string | null;
  /** Promised today, tomorrow or this week (job-query.ts says how it narrows the views). */
  readonly due: TDueWithin | null;
  /** "how many": the number first. */
  readonly wantsCount: boolean;
  /** "my orders", "mine": the jobs the asker sells or is assigned. */
  readonly mine: boolean;
  /** Only orders, only repairs, or both. */
  readonly kind: 'order' | 'repair' | null;
  /** "who has room", "who is free". */
  readonly wantsRoom: boolean;
};

const JOB_NUMBER = /\b([a-z]{2,6})[- ]?(\d{3,8})\b/gi;
/** 24 hex digits (or any whole number of words), as readers print them: `E280…`, `e2 80 …`, `e2:80:…`. */
const EPC = /\b(?:0x)?((?:[0-9a-f]{2}[\s:-]?){7,31}[0-9a-f]{2})\b/gi;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const DAY_MS = 86_400_000;

const STOP_WORDS = new Set(
  `a an the is are was were be been of for to at in on by with and or what whats what's which who whom whose where
  wheres where's when why how show me find look up search any all list give tell about please can you do we
  our my order orders repair repairs job jobs piece pieces item items customer customers now today right
  there it its it's that this these those has have had there's find search looking lookup get got i
  me open any`
    .split(/\s+/)
    .filter(Boolean),
);

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9'\s&-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function containsName(haystack: string, name: string): boolean {
  const needle = normalize(name);
  if (needle === '') return false;
  return new RegExp(`(^|[^a-z0-9])${escapeRegExp(needle)}(?=$|[^a-z0-9])`).test(haystack);
}

/** Wall-clock date parts of `now` in `timeZone`. */
function localDay(now: Date, timeZone: string): { date: string; weekday: number; offsetMs: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    weekday: 'long',
  }).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  const asUtc = Date.parse(`${date}T${get('hour')}:${get('minute')}:${get('second')}Z`);
  const weekday = WEEKDAYS.indexOf(get('weekday').toLowerCase() as (typeof WEEKDAYS)[number]);
  return { date, weekday, offsetMs: asUtc - Math.floor(now.getTime() / 1000) * 1000 };
}

/** Midnight, in the workshop's time zone, `daysAgo` days before today. */
export function startOfDay(now: Date, timeZone: string, daysAgo = 0): Date {
  const { date, offsetMs } = localDay(now, timeZone);
  return new Date(Date.parse(`${date}T00:00:00Z`) - offsetMs - daysAgo * DAY_MS);
}

/** The date the workshop's calendar shows today (YYYY-MM-DD). */
export function localDate(now: Date, timeZone: string, plusDays = 0): string {
  const { date } = localDay(now, timeZone);
  return new Date(Date.parse(`${date}T00:00:00Z`) + plusDays * DAY_MS).toISOString().slice(0, 10);
}

/** "since Tuesday" (the last Tuesday before today), "since yesterday", "in the last 3 days", "this week". */
export function parseSince(text: string, now: Date, timeZone: string): Date | null {
  const since = /\bsince (?:last )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/.exec(text);
  if (since?.[1]) {
    const target = WEEKDAYS.indexOf(since[1] as (typeof WEEKDAYS)[number]);
    const today = localDay(now, timeZone).weekday;
    const back = (today - target + 7) % 7 || 7;
    return startOfDay(now, timeZone, back);
  }
  if (/\bsince yesterday\b/.test(text)) return startOfDay(now, timeZone, 1);
  if (/\bsince (this morning|today|midnight)\b/.test(text)) return startOfDay(now, timeZone, 0);
  if (/\bsince last week\b/.test(text)) return startOfDay(now, timeZone, 7);
  const last = /\b(?:in the )?(?:last|past) (\d{1,3}) (hour|day|week)s?\b/.exec(text);
  if (last?.[1] && last[2]) {
    const amount = Number(last[1]);
    const unit = last[2] === 'hour' ? 3_600_000 : last[2] === 'day' ? DAY_MS : 7 * DAY_MS;
    return new Date(now.getTime() - amount * unit);
  }
  const since2 = /\bsince (\d{4}-\d{2}-\d{2})\b/.exec(text);
  if (since2?.[1]) return new Date(`${since2[1]}T00:00:00Z`);
  return null;
}

function windowOf(text: string): TDueWithin | null {
  if (/\btomorrow\b/.test(text)) return 'tomorrow';
  if (/\b(this|the) week\b|\bweek\b|\bnext (few|7|seven) days\b/.test(text)) return 'week';
  if (/\btoday\b|\btonight\b/.test(text)) return 'today';
  return null;
}

/**
 * The words for each job view (issue 32 §4). "Late" is understood, never said: on its own it means overdue
 * (past the promised date); with words of risk ("might be late", "slipping") it takes in what is at risk.
 * "Stuck" or "too long" means over phase target. The answers name each view with JOB_VIEW_LABELS.
 */
const AT_RISK_WORDS =
  /\bat[- ]risk\b|\brisk(y|s)?\b|\b(might|may|could|will|going to|likely to) (be|run|finish|end up) late\b|\bpredicted (to be |to finish )?late\b|\bin danger\b/g;
const VIEW_WORDS: readonly (readonly [TJobView, RegExp])[] = [
  [
    'overdue',
    /\boverdue\b|\bpast (its |their )?(due|promised)( date| day)?\b|\bpast due\b|\bbehind( schedule)?\b|\bdelayed\b|\bdelays?\b|\bmiss(ed|ing)? (the |its |their )?(promised |due )?(date|deadline|day)\b|\blate\b|\bslipping\b/,
  ],
  ['at-risk', /\bat[- ]risk\b|\brisk(y|s)?\b|\bslipping\b|\bin danger\b/],
  [
    'over-phase-target',
    /\bover (its |their |the )?(phase('s)? )?targets?\b|\bover phase targets?\b|\bstuck\b|\btoo long\b|\bover (the |its |their )?planned (time|hours)\b/,
  ],
  ['rush', /\brush(ed|es)?\b|\burgent\b/],
  [
    'ready-for-pickup',
    /\bready (for|to) (pick ?-?up|collect(ion)?|be (picked up|collected))\b|\b(waiting|wait) (for|to be) (pick ?-?up|collection|picked up|collected)\b|\bawaiting (pick ?-?up|collection)\b|\bready\b(?! (today|tomorrow|this week|by\b))/,
  ],
  [
    'awaiting-approval',
    /\bawaiting (the )?(customer('s)? )?approval\b|\b(waiting|wait) (for|on) (the )?(customer('s)? )?(approval|sign-?off)\b|\bneeds? (customer )?approval\b|\bpending approval\b|\bnot (yet )?approved\b/,
  ],
];
const DUE_WORDS =
  /\bdue\b|\bpromised\b|\bready (today|tomorrow|this week|by)\b|\bpick ?-?ups? (today|tomorrow|this week)\b/;

function viewsOf(text: string): TJobView[] {
  // "might be late" is at risk, not overdue: the words of risk are read first and taken out.
  const risky = AT_RISK_WORDS.test(text);
  AT_RISK_WORDS.lastIndex = 0;
  const rest = text.replace(AT_RISK_WORDS, ' ');
  const views = VIEW_WORDS.filter(([, words]) => words.test(rest)).map(([view]) => view);
  return risky && !views.includes('at-risk') ? [...views, 'at-risk'] : views;
}

/**
 * Statuses by their words: the lists' labels after or before "status" ("status Received", "in the In design
 * status"), and the phrases people use for the unambiguous ones. "In design" alone is left to the Design
 * department when there is one: with "status" it is the status.
 */
const STATUS_WORDS: readonly (readonly [string, RegExp])[] = [
  ['in_production', /\bin production\b/],
  ['in_progress', /\bin progress\b|\bbeing (worked on|repaired)\b/],
  ['waiting_parts', /\b(waiting|wait) (for|on) parts\b|\bawaiting parts\b|\bneeds? parts\b/],
  ['quality_check', /\b(in )?quality (check|control)\b|\bin qc\b/],
  ['received', /\breceived status\b|\bstatus (is )?received\b|\bjust (been )?received\b/],
  ['new', /\bnew (orders?|jobs?)\b|\bstatus (is )?new\b|\bnew status\b/],
  ['delivered', /\bdelivered\b/],
  ['picked_up', /\bpicked up\b(?! (today|tomorrow))/],
  ['cancelled', /\bcancel(l)?ed\b/],
];
/** Each status by the words the lists show for it, lower-cased. */
const LABELLED_STATUS: readonly (readonly [string, string])[] = JOB_STATUSES.map(
  (status) => [status, jobStatusLabel(status).toLowerCase()] as const,
);

/** The status asked about, and the words that named it (a place of the same name is not asked about). */
function statusOf(text: string, kind: 'order' | 'repair' | null): { status: string; words: string } | null {
  for (const [status, label] of LABELLED_STATUS) {
    const words = escapeRegExp(label);
    if (new RegExp(`\\bstatus (is |of |as )?${words}\\b|\\b${words} status\\b`).test(text)) {
      return { status, words: label };
    }
  }
  // "new repairs" are the repairs just taken in: their status is Received.
  if (kind === 'repair' && /\bnew repairs?\b/.test(text)) return { status: 'received', words: '' };
  const found = STATUS_WORDS.find(([, words]) => words.test(text));
  return found ? { status: found[0], words: '' } : null;
}

function longestMatches<T extends TNamed>(text: string, list: readonly T[]): T[] {
  const found = list.filter((item) => containsName(text, item.name));
  // "Bench 2" wins over "Bench" when both match the same words.
  return found.filter(
    (item) =>
      !found.some(
        (other) =>
          other !== item &&
          other.name.length > item.name.length &&
          normalize(other.name).includes(normalize(item.name)),
      ),
  );
}

const PATTERNS = {
  help: /^(help|hi|hello|hey|\?+|what can you (do|answer|tell me)|what do you know|how do i use (this|you)|what should i ask)\b/,
  readers: /\breaders?\b|\bantennas?\b|\brfid\b.*\b(health|working|down|online|offline)\b|\bscanners?\b/,
  offsite:
    /\boff-?site\b|\bout of the (building|shop|workshop)\b|\b(at|with|to) (the )?(outside )?vendors?\b|\boutside vendors?\b|\bsent out\b|\bout for\b/,
  assignments:
    /\bassign(ed|ments?)?\b|\bwho (has|'s got|has got|is working on|works on)\b|\bwho's working\b|\bworkloads?\b|\bwho has room\b|\bwho is free\b|\bwho's free\b|\bwho can take\b|\bbusiest\b|\bspare capacity\b|\bon (my|his|her) plate\b|\bmy tasks\b/,
  summary:
    /\bsummary\b|\boverview\b|\bhow are we doing\b|\bhow('s| is) (the )?(shop|workshop|day|today)\b|\bstate of (the )?(shop|workshop)\b|\bbriefing\b|\bat a glance\b|\bdashboard\b|\bwhat's happening\b|\bwhat is happening\b|\bnumbers for today\b/,
  /** About one job: why it is overdue, at risk, stuck, or whether it is on track. */
  why: /\bwhy\b|\blate\b|\boverdue\b|\bbehind\b|\bat[- ]risk\b|\bdelayed\b|\bslipping\b|\bstuck\b|\bon track\b|\bover (its |the )?(phase )?target\b/,
  where:
    /\bwhere\b|\blocation\b|\blocated\b|\bsince when\b|\bhow long\b|\btimeline\b|\bhistory\b|\bbeen\b|\blast (seen|read|scanned)\b|\bstatus of\b|\bwhat happened\b|\btrack\b/,
  place: /\b(at|in|on) \b|\bhow many\b|\bwhat's at\b|\bwhat is at\b|\bqueue\b|\bwaiting\b/,
  find: /\bfind\b|\bsearch\b|\blook ?up\b|\bshow\b|\bany\b|\blist\b|\b(orders?|repairs?|jobs?|pieces?) (for|of|from)\b|\bcustomer\b|\bwhich (order|repair|job)\b|\bwhose\b/,
} as const;

/** Reads one question; `timeZone` is the workshop's (relative dates are its calendar days). */
export function parseQuestion(
  question: string,
  known: TKnownNames,
  now: Date,
  timeZone = 'UTC',
): TParsedQuestion {
  const raw = question.trim();
  const text = normalize(raw);

  const numbers = [...raw.matchAll(JOB_NUMBER)]
    .filter((match) => !/^(last|past|in|the)$/i.test(match[1] ?? ''))
    .map((match) => `${(match[1] ?? '').toUpperCase()}-${match[2] ?? ''}`);
  const epcs = [...raw.matchAll(EPC)]
    .map((match) => (match[1] ?? '').replace(/[\s:-]/g, '').toUpperCase())
    .filter((epc) => epc.length >= 16 && epc.length % 4 === 0 && /\d/.test(epc));
  const stations = longestMatches(text, known.stations);
  // A department named only inside a matched station's name is not asked about: "Bench 2" is not "Bench",
  // nor is "Setting bench".
  const departments = longestMatches(text, known.departments).filter(
    (department) =>
      !stations.some((station) =>
        new RegExp(`(^|[^a-z0-9])${escapeRegExp(normalize(department.name))}(?=$|[^a-z0-9])`).test(
          normalize(station.name),
        ),
      ),
  );
  const people = known.people.filter(
    (person) =>
      containsName(text, person.name) ||
      (person.name.split(/\s+/)[0] !== undefined &&
        (person.name.split(/\s+/)[0] ?? '').length > 2 &&
        new RegExp(
          `\\b(to|for|has|by|with) ${escapeRegExp(normalize(person.name.split(/\s+/)[0] ?? ''))}\\b`,
        ).test(text) &&
        /\bassign|\bwho|\bplate\b|\bworking\b|\bhas\b|\bload\b/.test(text)),
  );
  const staffWords = new Set(people.flatMap((person) => normalize(person.name).split(' ')));
  const customers = known.customers.filter((name) => {
    if (containsName(text, name)) return true;
    // A surname alone ("the Kim order") names a customer, unless it belongs to a person named in the question.
    const last = normalize(name.split(/\s+/).at(-1) ?? '');
    return (
      last.length > 3 && !staffWords.has(last) && new RegExp(`\\b${escapeRegExp(last)}('s)?\\b`).test(text)
    );
  });
  const since = parseSince(text, now, timeZone);
  const kind =
    /\brepairs?\b/.test(text) && !/\borders?\b/.test(text)
      ? 'repair'
      : /\borders?\b/.test(text) && !/\brepairs?\b/.test(text)
        ? 'order'
        : null;
  const statusFound = statusOf(text, kind);
  // A status or view that is a job view is asked as the view: the lists show the same jobs for both.
  const statusView = statusFound ? STATUS_VIEWS[statusFound.status] : undefined;
  const status = statusFound && statusView === undefined ? statusFound.status : null;
  const views = [...new Set([...viewsOf(text), ...(statusView ? [statusView] : [])])];
  const window = windowOf(text);
  const asksDue = DUE_WORDS.test(text);
  // "due this week" is the view the tile counts; "due tomorrow" a window; "late this week" a view and a window.
  let due: TDueWithin | null = null;
  if (window !== null && (asksDue || views.length > 0)) {
    if (views.length === 0 && window === 'today') views.push('due-today');
    else if (views.length === 0 && window === 'week') views.push('due-this-week');
    else due = window;
  } else if (asksDue && views.length === 0 && status === null) {
    // "What is due?": today's.
    views.push('due-today');
  }
  const wantsCount = /\bhow many\b|\bnumber of\b|\bcount\b|\bhow much\b/.test(text);
  const mine = /\b(my|mine)\b/.test(text) && !/\bmy tasks\b/.test(text);
  const wantsRoom =
    /\bwho has room\b|\bwho is free\b|\bwho's free\b|\bwho can take\b|\bspare capacity\b|\bleast busy\b|\bfree to take\b/.test(
      text,
    );
  // A place named only by the words of the status asked ("in the status In design") is not asked about.
  const statusWords = statusFound?.words ?? '';
  const asked = <T extends TNamed>(place: T) =>
    statusWords === '' || !statusWords.includes(normalize(place.name));
  const placeStations = stations.filter(asked);
  const placeDepartments = departments.filter(asked);

  const personNames = people.flatMap((person) => normalize(person.name).split(' '));
  const stationWords = [...placeStations, ...placeDepartments].flatMap((item) =>
    normalize(item.name).split(' '),
  );
  const customerWords = customers.flatMap((name) => normalize(name).split(' '));
  const leftover = text
    .replace(JOB_NUMBER, ' ')
    .split(' ')
    .map((word) => word.replace(/'s$/, ''))
    .filter(
      (word) =>
        word.length > 2 &&
        !STOP_WORDS.has(word) &&
        !personNames.includes(word) &&
        !stationWords.includes(word) &&
        !customerWords.includes(word) &&
        !/^\d+$/.test(word) &&
        !/^[0-9a-f]{16,}$/.test(word),
    );
  const searchText = leftover.length > 0 ? leftover.join(' ') : null;

  const base = {
    numbers,
    epcs,
    stationIds: placeStations.map((s) => s.id),
    departmentIds: placeDepartments.map((d) => d.id),
    personIds: people.map((p) => p.id),
    customers,
    searchText,
    since,
    views,
    status,
    due,
    wantsCount,
    mine,
    kind,
    wantsRoom,
  } as const;

  // Place names are not words of the question: "Vendor returns" is a station, not a question about vendors.
  const placeless = [...placeStations, ...placeDepartments]
    .map((place) => normalize(place.name))
    .sort((a, b) => b.length - a.length)
    .reduce(
      (rest, name) =>
        rest.replace(new RegExp(`(^|[^a-z0-9])${escapeRegExp(name)}(?=$|[^a-z0-9])`, 'g'), '$1 '),
      text,
    );
  return { ...base, intent: intentOf(placeless, base) };
}

function intentOf(text: string, found: Omit<TParsedQuestion, 'intent'>): TAssistantIntent {
  const hasJob = found.numbers.length > 0 || found.epcs.length > 0;
  const hasPlace = found.stationIds.length > 0 || found.departmentIds.length > 0;
  const asksJobs = found.views.length > 0 || found.status !== null || found.due !== null;
  if (text === '' || PATTERNS.help.test(text)) return 'help';
  if (PATTERNS.readers.test(text) && !hasJob) return 'readers';
  if (hasJob && found.numbers.length > 0 && PATTERNS.why.test(text)) return 'why';
  if (hasJob && PATTERNS.find.test(text) && !PATTERNS.where.test(text) && found.epcs.length === 0) {
    return 'find-job';
  }
  if (hasJob) return 'where-is';
  if (PATTERNS.assignments.test(text) || found.wantsRoom) return 'assignments';
  if (PATTERNS.offsite.test(text) && !/\bmark\b/.test(text)) return 'offsite';
  if (hasPlace) return 'at-place';
  if (asksJobs) return 'jobs';
  if (PATTERNS.summary.test(text)) return 'summary';
  if (found.customers.length > 0) return 'find-job';
  if (PATTERNS.find.test(text) && found.searchText !== null) return 'find-job';
  if (found.personIds.length > 0) return 'assignments';
  if (/\btoday\b/.test(text) && /\bwhat\b/.test(text)) return 'summary';
  return 'unknown';
}
