import { dateTimeText, dayText, durationText, jobStateReasons } from '@loupe/domain/assistant/answer-format';
import type { TJobStatusKey } from '@loupe/domain/assistant/job-query';
import { jobStateLabels, type TJobKind } from '@loupe/domain/jobs/job-views';
import { plural } from '@loupe/domain/text/plural';
import { bold, breakdownOf, jobRef, link, refList, type TComposer } from './built-in-draft.ts';

/** The built-in engine's answers about jobs: where one is, why it is behind, finding one, lists of them. */

export async function answerWhereIs(c: TComposer): Promise<void> {
  const { parsed, context, draft, call, now, timeZone, say, denied, notFound, tools } = c;
  const numbers = [...parsed.numbers];
  for (const epc of parsed.epcs) {
    const found = await call('find_jobs', { epc }, () => tools.findJobs(context, { epc }));
    if (denied(found)) return;
    if (found.jobs.length === 0) say(`No open job carries the tag ${epc}.`);
    numbers.push(...found.jobs.map((job) => job.number));
  }
  for (const number of numbers.slice(0, 3)) {
    const result = await call('job_location', { number }, () => tools.jobLocation(context, { number }));
    if (denied(result)) continue;
    const job = result.jobs[0];
    if (!job) {
      say(notFound(number));
      continue;
    }
    const data = result.data as { since: string | null };
    const head = `${bold(job.number)} (${job.customerName} — ${job.description})`;
    const since = data.since
      ? ` since ${dateTimeText(data.since, timeZone)} (${durationText(now.getTime() - Date.parse(data.since))})`
      : '';
    if (job.location === null) {
      say(
        `${head} has no tag read yet, so I don't know where it is. It is in the ${job.workflow.phaseName} phase.`,
      );
    } else if (job.state.isOffsite) {
      say(
        `${head} is ${bold('offsite')}: last read at ${job.location.stationName} (${job.location.departmentName})${since}.`,
      );
    } else {
      say(
        `${head} is at ${link(job.location.stationName, `/departments/${job.location.departmentId}/stations/${job.location.stationId}`)} in ${job.location.departmentName}${since}.`,
      );
    }
    const labels = jobStateLabels(job.state);
    const state =
      labels.length === 0
        ? 'on track'
        : `${labels.join(', ').toLowerCase()}: ${jobStateReasons(job, timeZone).join('; ')}`;
    say(
      `Phase ${job.workflow.phaseIndex + 1} of ${job.workflow.phaseCount}: ${job.workflow.phaseName}, ${state}.${job.promisedDate ? ` Promised ${job.promisedDate}.` : ''}${job.assignment ? ` Assigned to ${job.assignment.assignee.name}.` : ''}`,
    );
    // Only a job that is behind is asked why.
    const first = labels[0];
    if (first !== undefined) draft.followUps.push(`Why is ${job.number} ${first.toLowerCase()}?`);
    if (job.location && !job.state.isOffsite) draft.followUps.push(`What is at ${job.location.stationName}?`);
  }
  return;
}

export async function answerWhy(c: TComposer): Promise<void> {
  const { parsed, context, draft, call, timeZone, say, denied, notFound, tools } = c;
  const number = parsed.numbers[0] ?? '';
  const result = await call('job_location', { number }, () => tools.jobLocation(context, { number }));
  if (denied(result)) return;
  const job = result.jobs[0];
  if (!job) {
    say(notFound(number));
    return;
  }
  const labels = jobStateLabels(job.state);
  say(
    labels.length === 0
      ? `${jobRef(job)} is on track: it is in ${job.workflow.phaseName}${job.promisedDate ? `, promised ${dayText(job.promisedDate)}` : ''}.`
      : `${jobRef(job)} is ${bold(labels.join(', ').toLowerCase())}: ${jobStateReasons(job, timeZone).join('; ')}.`,
  );
  draft.followUps.push(`Where is ${job.number}?`);
  return;
}

export async function answerFindJob(c: TComposer): Promise<void> {
  const { parsed, context, draft, call, kind, say, denied, tools } = c;
  const input = parsed.numbers[0]
    ? { number: parsed.numbers[0] }
    : parsed.customers[0]
      ? { customer: parsed.customers[0] }
      : { text: parsed.searchText ?? '' };
  const result = await call('find_jobs', { ...input, ...(kind ? { kind } : {}) }, () =>
    tools.findJobs(context, { ...input, kind }),
  );
  if (denied(result)) return;
  const what =
    'customer' in input
      ? `for ${input.customer}`
      : 'number' in input
        ? input.number
        : `matching “${input.text}”`;
  if (result.jobs.length === 0) {
    say(`I found no open ${kind ?? 'job'}s ${what}.`);
    return;
  }
  say(
    `I found ${plural(result.jobs.length, kind ?? 'open job')} ${what}: ${result.jobs.slice(0, 8).map(jobRef).join(', ')}${result.jobs.length > 8 ? `, …and ${result.jobs.length - 8} more in the table` : ''}.`,
  );
  const first = result.jobs[0];
  if (first) draft.followUps.push(`Where is ${first.number}?`);
  return;
}

export async function answerJobs(c: TComposer): Promise<void> {
  const { parsed, context, draft, call, timeZone, kind, say, denied, tools } = c;
  const input = {
    ...(kind ? { kind } : {}),
    views: [...parsed.views],
    ...(parsed.status ? { status: parsed.status as TJobStatusKey } : {}),
    ...(parsed.due ? { due: parsed.due } : {}),
    ...(parsed.mine ? { mine: true } : {}),
  };
  const result = await call('list_jobs', input, () => tools.listJobs(context, input));
  if (denied(result)) return;
  const data = result.data as { count: number; kinds: TJobKind[]; finished: boolean; asked: string };
  const noun = kind ?? (data.kinds.length === 1 ? (data.kinds[0] ?? 'job') : 'job');
  const mine = parsed.mine ? ' among the jobs you sell or are assigned' : '';
  if (data.count === 0) {
    say(`${bold(`No ${noun}s`)} are ${data.asked}${mine}.`);
    return;
  }
  const lead = `${bold(plural(data.count, noun))} ${data.count === 1 ? 'is' : 'are'} ${data.asked}${mine}`;
  const shown = result.jobs;
  const breakdown = breakdownOf(shown, parsed);
  const behind = shown.length > 0 && shown.every((job) => jobStateLabels(job.state).length > 0);
  if (data.finished || !behind) {
    const refs = result.citations.filter((c) => c.kind === 'order' || c.kind === 'repair');
    say(`${lead}${breakdown}: ${refList(refs, data.count)}.`);
  } else {
    say(`${lead}${breakdown}:`);
    say(
      shown
        .slice(0, 8)
        .map(
          (job) =>
            `- ${jobRef(job)} (${job.customerName}) — ${jobStateLabels(job.state).join(', ').toLowerCase()}: ${jobStateReasons(job, timeZone).join('; ')}`,
        )
        .join('\n') + (shown.length > 8 ? `\n- …and ${shown.length - 8} more in the table.` : ''),
    );
  }
  const first = shown[0];
  if (first) draft.followUps.push(`Where is ${first.number}?`);
  draft.followUps.push('Who has room for more work?');
  return;
}
