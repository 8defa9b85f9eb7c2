import { dateTimeText, durationText, SUGGESTED_QUESTIONS } from '@loupe/domain/assistant/answer-format';
import type { TJobStatusKey } from '@loupe/domain/assistant/job-query';
import { type JOB_SUMMARY_VIEWS, JOB_VIEW_LABELS } from '@loupe/domain/jobs/job-views';
import { plural } from '@loupe/domain/text/plural';
import { bold, jobRef, refList, type TComposer } from './built-in-draft.ts';

/** The built-in engine's answers about the workshop: a station or department, offsite pieces, who has what, today, readers. */

export async function answerAtPlace(c: TComposer): Promise<void> {
  const {
    parsed,
    context,
    draft,
    call,
    now,
    timeZone,
    kind,
    say,
    denied,
    stationName,
    departmentName,
    tools,
  } = c;
  const filters = {
    ...(parsed.since ? { since: parsed.since.toISOString() } : {}),
    ...(kind ? { kind } : {}),
    ...(parsed.views.length > 0 ? { views: [...parsed.views] } : {}),
    ...(parsed.status ? { status: parsed.status as TJobStatusKey } : {}),
    ...(parsed.due ? { due: parsed.due } : {}),
  };
  const places = [
    ...parsed.stationIds.map((id) => ({ station: stationName(id) })),
    ...parsed.departmentIds.map((id) => ({ department: departmentName(id) })),
  ];
  for (const place of places.slice(0, 3)) {
    const input = { ...place, ...filters };
    const result = await call('items_at_place', input, () => tools.itemsAtPlace(context, input));
    if (denied(result)) return;
    const data = result.data as {
      place: string;
      count: number;
      asked: string;
      items: { number: string; arrivedAt: string | null }[];
    };
    const isStation = 'station' in place;
    const where = `${isStation ? 'at' : 'in'} ${data.place}`;
    const sinceText = parsed.since
      ? ` that arrived since ${dateTimeText(parsed.since.toISOString(), timeZone)}`
      : '';
    const asked = data.asked === '' ? '' : ` ${data.count === 1 ? 'is' : 'are'} ${data.asked}`;
    const noun = kind ?? 'piece';
    if (data.count === 0) {
      say(
        data.asked === '' && kind === undefined
          ? `${bold('Nothing')} is ${where}${sinceText} right now.`
          : `${bold(`No ${noun}s`)} ${where}${sinceText}${data.asked === '' ? ' right now' : ` are ${data.asked}`}.`,
      );
      continue;
    }
    const refs = result.citations.filter((c) => c.kind === 'order' || c.kind === 'repair');
    say(
      `${bold(plural(data.count, noun))} ${data.asked === '' ? `${data.count === 1 ? 'is' : 'are'} ${where}${sinceText}` : `${where}${sinceText}${asked}`}: ${refList(refs)}.`,
    );
    const oldest = data.items[0];
    if (oldest?.arrivedAt) {
      say(
        `The longest there is ${oldest.number} (${durationText(now.getTime() - Date.parse(oldest.arrivedAt))}).`,
      );
    }
    if (data.asked === '') {
      const overdue = result.jobs.filter((job) => job.state.isOverdue).length;
      if (overdue > 0) say(`${plural(overdue, 'of them is', 'of them are')} overdue.`);
    }
    if (oldest) draft.followUps.push(`Where is ${oldest.number}?`);
  }
  draft.followUps.push(SUGGESTED_QUESTIONS[0]);
  return;
}

export async function answerOffsite(c: TComposer): Promise<void> {
  const { context, draft, call, kind, say, denied, tools } = c;
  const input = kind ? { kind } : {};
  const result = await call('offsite_items', input, () => tools.offsite(context, input));
  if (denied(result)) return;
  const data = result.data as { count: number; items: { expected: boolean }[] };
  const kinds = tools.visibleKinds(context.actor);
  const noun = kind ?? (kinds.length === 1 ? (kinds[0] ?? 'piece') : 'piece');
  if (data.count === 0) {
    say(
      kind === undefined
        ? `${bold('Nothing')} is offsite right now.`
        : `${bold(`No ${noun}s`)} are offsite right now.`,
    );
    return;
  }
  const expected = result.jobs.filter((job) => job.location?.expectedOffsite).length;
  const refs = result.citations.filter((c) => c.kind === 'order' || c.kind === 'repair');
  say(
    `${bold(plural(data.count, noun))} ${data.count === 1 ? 'is' : 'are'} offsite${expected > 0 ? ` (${expected} expected)` : ''}: ${refList(refs, data.count)}.`,
  );
  const unexpected = data.count - expected;
  if (unexpected > 0) say(`${plural(unexpected, 'was', 'were')} not expected to leave.`);
  draft.followUps.push(SUGGESTED_QUESTIONS[0]);
  return;
}

export async function answerAssignments(c: TComposer): Promise<void> {
  const { parsed, known, context, draft, call, say, denied, tools } = c;
  const person = parsed.personIds[0]
    ? known.people.find((p) => p.id === parsed.personIds[0])?.name
    : undefined;
  const input = person ? { person } : {};
  const result = await call('assignments', input, () => tools.assignments(context, input));
  if (denied(result)) return;
  if (person) {
    const data = result.data as { person?: string; openAssignments?: number };
    if (data.openAssignments === undefined) {
      say(`I can't find ${person} among the staff who take work.`);
      return;
    }
    const count = data.openAssignments;
    say(
      count === 0
        ? `${bold(data.person ?? person)} has nothing assigned.`
        : `${bold(data.person ?? person)} has ${plural(count, 'open assignment')}${result.jobs.length > 0 ? `: ${result.jobs.map(jobRef).join(', ')}` : ''}.`,
    );
    return;
  }
  const people = result.data as { name: string; openAssignments: number }[];
  const roomiest = people[0];
  const busiest = [...people].sort((a, b) => b.openAssignments - a.openAssignments)[0];
  if (parsed.wantsRoom && roomiest) {
    const free = people.filter((p) => p.openAssignments === roomiest.openAssignments).map((p) => p.name);
    say(
      `${bold(free.join(', '))} ${free.length === 1 ? 'has' : 'have'} the most room (${plural(roomiest.openAssignments, 'open assignment')}).`,
    );
  } else {
    const total = people.reduce((sum, p) => sum + p.openAssignments, 0);
    say(
      `${bold(plural(total, 'open assignment'))} across ${plural(people.length, 'person', 'people')}.${busiest && busiest.openAssignments > 0 ? ` ${bold(busiest.name)} has the most (${busiest.openAssignments}).` : ''}`,
    );
  }
  draft.followUps.push(SUGGESTED_QUESTIONS[0]);
  return;
}

export async function answerSummary(c: TComposer): Promise<void> {
  const { context, draft, call, say, tools } = c;
  const result = await call('today_summary', {}, () => tools.todaySummary(context));
  const s = result.data as Record<(typeof JOB_SUMMARY_VIEWS)[number], number>;
  const count = (view: (typeof JOB_SUMMARY_VIEWS)[number]) =>
    `${s[view]} ${JOB_VIEW_LABELS[view].toLowerCase()}`;
  const onlyOrders = tools.visibleKinds(context.actor).length === 1;
  say(
    `Today: ${bold(count('overdue'))}, ${count('due-today')} and ${count('due-this-week')}. ${count('at-risk')}, ${count('rush')}, ${count('ready-for-pickup')}, ${count('awaiting-approval')}, ${count('offsite')}.${onlyOrders ? ' These count orders: repairs are not shown to your role.' : ''}`,
  );
  draft.followUps.push(SUGGESTED_QUESTIONS[0], 'What is offsite?');
  return;
}

export async function answerReaders(c: TComposer): Promise<void> {
  const { context, call, now, timeZone, say, denied, tools } = c;
  const result = await call('reader_health', {}, () => tools.readerHealth(context));
  if (denied(result)) return;
  const readers = result.data as { name: string; status: string; lastHeartbeat: string | null }[];
  if (readers.length === 0) {
    say('No readers are set up yet.');
    return;
  }
  const down = readers.filter((r) => r.status !== 'online');
  say(`${bold(`${readers.length - down.length} of ${readers.length} readers online`)}.`);
  for (const reader of down) {
    say(
      `${bold(reader.name)} is ${reader.status}${reader.lastHeartbeat ? `; last heartbeat ${dateTimeText(reader.lastHeartbeat, timeZone)} (${durationText(now.getTime() - Date.parse(reader.lastHeartbeat))} ago)` : '; it has never sent a heartbeat'}.`,
    );
  }
  return;
}
