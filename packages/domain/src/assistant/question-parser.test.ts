import { describe, expect, it } from 'vitest';
import { parseQuestion, type TKnownNames } from './question-parser';

const NOW = new Date('2026-03-11T14:00:00Z');

const KNOWN: TKnownNames = {
  stations: [
    { id: 's-bench-2', name: 'Bench 2', departmentName: 'Bench' },
    { id: 's-setting', name: 'Setting bench', departmentName: 'Stone setting' },
    { id: 's-returns', name: 'Vendor returns', departmentName: 'Outside vendors' },
    { id: 's-inspection', name: 'Inspection', departmentName: 'QA' },
  ],
  departments: [
    { id: 'd-bench', name: 'Bench' },
    { id: 'd-setting', name: 'Stone setting' },
    { id: 'd-design', name: 'Design' },
    { id: 'd-vendors', name: 'Outside vendors' },
    { id: 'd-qa', name: 'QA' },
    { id: 'd-polishing', name: 'Polishing' },
  ],
  people: [{ id: 'p-marco', name: 'Marco Bellini' }],
  customers: ['Noah Williams'],
};

const parse = (question: string) => parseQuestion(question, KNOWN, NOW, 'UTC');

describe('the words for the job views (issue 32 §4)', () => {
  it.each([
    ['What is late?', ['overdue'], null],
    ['What is overdue?', ['overdue'], null],
    ['Which orders are past due?', ['overdue'], null],
    ['Anything behind schedule?', ['overdue'], null],
    ['What might be late?', ['at-risk'], null],
    ['What is at risk?', ['at-risk'], null],
    ['What is late or at risk?', ['overdue', 'at-risk'], null],
    ['Is anything slipping this week?', ['overdue', 'at-risk'], 'week'],
    ['What is late this week?', ['overdue'], 'week'],
    ['What is stuck?', ['over-phase-target'], null],
    ['Which jobs are over their phase target?', ['over-phase-target'], null],
    ['How many rush orders are there?', ['rush'], null],
    ['What is ready for pickup?', ['ready-for-pickup'], null],
    ['Which orders are awaiting customer approval?', ['awaiting-approval'], null],
    ['What is due today?', ['due-today'], null],
    ['What is due this week?', ['due-this-week'], null],
    ['What is due?', ['due-today'], null],
    ['What is due tomorrow?', [], 'tomorrow'],
    ['Which rush jobs are due this week?', ['rush'], 'week'],
  ] as const)('reads “%s” as %j, due %s', (question, views, due) => {
    const parsed = parse(question);
    expect(parsed.intent).toBe('jobs');
    expect(parsed.views).toEqual(views);
    expect(parsed.due).toBe(due);
  });

  it('keeps "late" for a job to the question why', () => {
    expect(parse('Why is ORD-00007 late?')).toMatchObject({ intent: 'why', numbers: ['ORD-00007'] });
    expect(parse('Is REP-00004 overdue?').intent).toBe('why');
  });
});

describe('kinds and statuses (issue 32 §4)', () => {
  it.each([
    ['How many orders are in production?', 'order', 'in_production', []],
    ['Which repairs are waiting for parts?', 'repair', 'waiting_parts', []],
    ['How many repairs have the status Received?', 'repair', 'received', []],
    ['How many new repairs are there?', 'repair', 'received', []],
    ['How many new orders are there?', 'order', 'new', []],
    ['How many orders were delivered?', 'order', 'delivered', []],
    ['How many jobs are in quality check?', null, 'quality_check', []],
    // A status that is a job view is asked as the view: the lists show the same jobs.
    ['How many orders have the status Ready for pickup?', 'order', null, ['ready-for-pickup']],
  ] as const)('reads “%s” as %s in %s', (question, kind, status, views) => {
    const parsed = parse(question);
    expect(parsed).toMatchObject({ intent: 'jobs', kind, status });
    expect(parsed.views).toEqual(views);
  });

  it('reads "in design" as the Design department, and as the status when the question says status', () => {
    expect(parse('What is in Design?')).toMatchObject({
      intent: 'at-place',
      departmentIds: ['d-design'],
      status: null,
    });
    expect(parse('How many orders have the status In design?')).toMatchObject({
      intent: 'jobs',
      departmentIds: [],
      status: 'in_design',
    });
  });
});

describe('places, and what is asked of them', () => {
  it('does not take a station’s words for a department or for a question about vendors', () => {
    expect(parse('What is at Setting bench?')).toMatchObject({
      intent: 'at-place',
      stationIds: ['s-setting'],
      departmentIds: [],
    });
    expect(parse('What is at Vendor returns?')).toMatchObject({
      intent: 'at-place',
      stationIds: ['s-returns'],
    });
    expect(parse('What is in Outside vendors?')).toMatchObject({
      intent: 'at-place',
      departmentIds: ['d-vendors'],
    });
    expect(parse("What's out at vendors?").intent).toBe('offsite');
  });

  it('keeps a kind, a view, a status and an arrival time asked of a place', () => {
    expect(parse('How many repairs in QA are over their phase target?')).toMatchObject({
      intent: 'at-place',
      kind: 'repair',
      departmentIds: ['d-qa'],
      views: ['over-phase-target'],
    });
    expect(parse('Which orders in Polishing are in production?')).toMatchObject({
      departmentIds: ['d-polishing'],
      status: 'in_production',
    });
    expect(parse('What arrived at Inspection in the last 3 hours?')).toMatchObject({
      intent: 'at-place',
      since: new Date('2026-03-11T11:00:00Z'),
    });
  });

  it('counts offsite pieces of the kind asked', () => {
    expect(parse('How many orders are offsite?')).toMatchObject({ intent: 'offsite', kind: 'order' });
  });

  it('reads "my" as the jobs the asker sells or is assigned, and "my tasks" as assignments', () => {
    expect(parse('Which of my orders are overdue?')).toMatchObject({ intent: 'jobs', mine: true });
    expect(parse('What are my tasks?')).toMatchObject({ intent: 'assignments', mine: false });
  });
});
