/**
 * The built-in engine's understanding of a question (issue 16 §2): an intent and the entities in it —
 * order and repair numbers, EPCs, customer, station, department and person names, relative dates. Pure:
 * the names it may recognise and the present are passed in.
 */

export const ASSISTANT_INTENTS = [
  'help',
  'where-is',
  'find-job',
  'at-place',
  'late',
  'due',
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

export type TDueWindow = 'overdue' | 'today' | 'tomorrow' | 'week';

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
  /** "since Tuesday", "since yesterday", "in the last 3 days". */
  readonly since: Date | null;
  readonly window: TDueWindow | null;
  /** The question asks about risk, not only lateness. */
  readonly includeAtRisk: boolean;
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

function windowOf(text: string): TDueWindow | null {
  if (/\btomorrow\b/.test(text)) return 'tomorrow';
  if (/\b(this|the) week\b|\bweek\b|\bnext (few|7|seven) days\b/.test(text)) return 'week';
  if (/\btoday\b|\btonight\b/.test(text)) return 'today';
  if (/\boverdue\b|\bpast due\b/.test(text)) return 'overdue';
  return null;
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
  late: /\blate\b|\boverdue\b|\bbehind\b|\bat[- ]risk\b|\bdelayed\b|\bdelays?\b|\bslipping\b|\bpast due\b|\bmiss(ed|ing)? (the |its |their )?(promised |due )?(date|deadline)\b|\bstuck\b/,
  due: /\bdue\b|\bpromised (for|by|on)\b|\bready (today|tomorrow|this week)\b|\bpick ?up\b/,
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
  // A department named like one of the matched stations' department and no more: "Bench 2" is not "Bench".
  const departments = longestMatches(text, known.departments).filter(
    (department) =>
      !stations.some(
        (station) =>
          normalize(station.name).includes(normalize(department.name)) &&
          station.departmentName === department.name,
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
  const window = windowOf(text);
  const includeAtRisk = /\bat[- ]risk\b|\brisk(y)?\b|\bslipping\b|\bmight (be|run) late\b|\bwhy\b/.test(text);
  const kind =
    /\brepairs?\b/.test(text) && !/\borders?\b/.test(text)
      ? 'repair'
      : /\borders?\b/.test(text) && !/\brepairs?\b/.test(text)
        ? 'order'
        : null;
  const wantsRoom =
    /\bwho has room\b|\bwho is free\b|\bwho's free\b|\bwho can take\b|\bspare capacity\b|\bleast busy\b|\bfree to take\b/.test(
      text,
    );

  const personNames = people.flatMap((person) => normalize(person.name).split(' '));
  const stationWords = [...stations, ...departments].flatMap((item) => normalize(item.name).split(' '));
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
    stationIds: stations.map((s) => s.id),
    departmentIds: departments.map((d) => d.id),
    personIds: people.map((p) => p.id),
    customers,
    searchText,
    since,
    window,
    includeAtRisk,
    kind,
    wantsRoom,
  } as const;

  return { ...base, intent: intentOf(text, base) };
}

function intentOf(text: string, found: Omit<TParsedQuestion, 'intent'>): TAssistantIntent {
  const hasJob = found.numbers.length > 0 || found.epcs.length > 0;
  const hasPlace = found.stationIds.length > 0 || found.departmentIds.length > 0;
  if (text === '' || PATTERNS.help.test(text)) return 'help';
  if (PATTERNS.readers.test(text) && !hasJob) return 'readers';
  if (hasJob && PATTERNS.late.test(text)) return 'late';
  if (hasJob && PATTERNS.find.test(text) && !PATTERNS.where.test(text) && found.epcs.length === 0) {
    return 'find-job';
  }
  if (hasJob) return 'where-is';
  if (PATTERNS.assignments.test(text) || found.wantsRoom) return 'assignments';
  if (PATTERNS.offsite.test(text) && !/\bmark\b/.test(text)) return 'offsite';
  if (PATTERNS.late.test(text)) return 'late';
  if (PATTERNS.summary.test(text)) return 'summary';
  if (hasPlace) return 'at-place';
  if (PATTERNS.due.test(text) && found.window !== null) return 'due';
  if (found.customers.length > 0) return 'find-job';
  if (PATTERNS.find.test(text) && found.searchText !== null) return 'find-job';
  if (found.personIds.length > 0) return 'assignments';
  if (found.window === 'today' && /\bwhat\b/.test(text)) return 'summary';
  return 'unknown';
}
