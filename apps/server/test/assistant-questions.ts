import type { TAssistantIntent } from '@loupe/domain/assistant/question-parser';

/**
 * The built-in engine's fixed questions (issue 16 §5), asked by an admin of the assistant workshop
 * (support/assistant-workshop.ts: the demo plan, seed 42, at Wed 11 Mar 2026 14:00 UTC, with its changes
 * by hand). They test the engine's reading of people's words — job numbers, EPCs, customers, descriptions,
 * "late" and "stuck" — against facts of that data: e.g. ORD-00012 is at QA › Inspection and at risk; Bench 2
 * holds ORD-00002; ORD-00003 and ORD-00005 are offsite; ORD-00003, ORD-00007 and REP-00006 are overdue.
 * `expect` are fragments the answer must contain (case-insensitive); `reject` must not appear. The
 * questions whose answers are computed from the APIs are in assistant-generated-questions.ts.
 * Used by test/assistant-engine.test.ts and `npm run bench:assistant`.
 */
export type TAssistantQuestion = {
  readonly question: string;
  readonly intent: TAssistantIntent;
  readonly expect: readonly string[];
  readonly reject?: readonly string[];
};

export const ASSISTANT_QUESTIONS: readonly TAssistantQuestion[] = [
  // Where is it, and since when
  {
    question: 'where is ORD-00012?',
    intent: 'where-is',
    expect: ['ORD-00012', 'Inspection', 'QA', 'since', 'at risk'],
  },
  { question: "Where's ORD-00002", intent: 'where-is', expect: ['ORD-00002', 'Bench 2', 'Noah Williams'] },
  {
    question: 'where is order ORD-00004 now',
    intent: 'where-is',
    expect: ['ORD-00004', 'Ultrasonic & steam', 'Polishing'],
  },
  { question: 'ORD-00007', intent: 'where-is', expect: ['ORD-00007', 'Casting machine'] },
  {
    question: 'where is REP-00007?',
    intent: 'where-is',
    expect: ['REP-00007', 'Microscope station', 'Stone setting'],
  },
  {
    question: 'how long has ORD-00010 been at its station?',
    intent: 'where-is',
    expect: ['ORD-00010', 'Inspection', 'since'],
  },
  { question: 'timeline of ORD-00011', intent: 'where-is', expect: ['ORD-00011', 'Polishing lathe'] },
  { question: 'history for REP-00001', intent: 'where-is', expect: ['REP-00001', 'Bench 1'] },
  { question: 'where is ord-00009', intent: 'where-is', expect: ['ORD-00009', 'Photography & packing'] },
  {
    question: 'where is ORD-00003?',
    intent: 'where-is',
    expect: ['ORD-00003', 'offsite', 'Sketch table', 'since'],
  },
  { question: 'where is ORD-00099?', intent: 'where-is', expect: ["can't find", 'ORD-00099'] },
  { question: 'status of REP-00008', intent: 'where-is', expect: ['REP-00008', 'Setting bench'] },
  {
    question: 'where is the piece with tag E280115D2501ABFE7B242047?',
    intent: 'where-is',
    expect: ['ORD-00001', 'Vendor returns'],
  },
  {
    question: 'which job has EPC E28011A6202F1D681D053B91',
    intent: 'where-is',
    expect: ['ORD-00003', 'offsite'],
  },
  {
    question: 'where is e2 80 11 9b cc 3a 87 77 65 42 84 88',
    intent: 'where-is',
    expect: ['ORD-00002', 'Bench 2'],
  },
  {
    question: 'Where are ORD-00014 and ORD-00016?',
    intent: 'where-is',
    expect: ['ORD-00014', 'Inspection', 'ORD-00016', 'Photography & packing'],
  },
  {
    question: 'what happened to REP-00002?',
    intent: 'where-is',
    expect: ['REP-00002', 'Photography & packing'],
  },

  // Overdue, at risk and over phase target, and why: "late" is understood, and answered with those words
  {
    question: 'what is late this week and why?',
    intent: 'jobs',
    expect: [
      '6 jobs** are overdue or at risk this week',
      '3 overdue, 3 at risk',
      'REP-00006',
      'ORD-00003',
      'ORD-00007',
      'ORD-00012',
      'promised Tue 10 Mar',
    ],
    reject: [' late'],
  },
  { question: "what's late?", intent: 'jobs', expect: ['3 jobs** are overdue', 'ORD-00003', 'REP-00006'] },
  { question: 'what is overdue?', intent: 'jobs', expect: ['ORD-00007', 'ORD-00003'] },
  {
    question: 'which repairs are late?',
    intent: 'jobs',
    expect: ['1 repair** is overdue', 'REP-00006'],
    reject: ['ORD-00003'],
  },
  {
    question: 'which orders are late?',
    intent: 'jobs',
    expect: ['2 orders** are overdue', 'ORD-00003', 'ORD-00007'],
    reject: ['REP-00006'],
  },
  {
    question: 'why is ORD-00007 late?',
    intent: 'why',
    expect: ['ORD-00007', 'overdue', 'promised Tue 10 Mar', 'nobody is assigned to Casting'],
    reject: [' late'],
  },
  {
    question: 'why is ORD-00012 late?',
    intent: 'why',
    expect: ['ORD-00012', 'at risk', 'predicted done by Thu 12 Mar'],
  },
  { question: 'why is ORD-00002 late?', intent: 'why', expect: ['ORD-00002', 'on track', 'Bench work'] },
  { question: 'is REP-00004 overdue?', intent: 'why', expect: ['REP-00004', 'on track', 'Quality check'] },
  { question: 'what might be late?', intent: 'jobs', expect: ['3 jobs** are at risk', 'REP-00001'] },
  {
    question: 'what is at risk?',
    intent: 'jobs',
    expect: ['3 jobs** are at risk', 'ORD-00012', 'REP-00007', 'REP-00001'],
  },
  { question: 'anything behind schedule today?', intent: 'jobs', expect: ['ORD-00003', 'today'] },
  { question: "what's stuck?", intent: 'jobs', expect: ['ORD-00001', 'Polishing'] },
  { question: 'what is delayed?', intent: 'jobs', expect: ['ORD-00007'] },
  {
    question: 'is anything slipping this week?',
    intent: 'jobs',
    expect: ['REP-00006', 'REP-00001', 'this week'],
  },

  // What is at a station or department
  { question: 'what is at Bench 2?', intent: 'at-place', expect: ['Bench 2', '1 piece', 'ORD-00002'] },
  {
    question: "what's at Bench 1",
    intent: 'at-place',
    expect: ['Bench 1', 'REP-00001'],
    reject: ['ORD-00002'],
  },
  { question: 'what is at Bench 3?', intent: 'at-place', expect: ['Nothing** is at Bench 3'] },
  {
    question: 'what is in Polishing?',
    intent: 'at-place',
    expect: ['3 pieces', 'ORD-00011', 'REP-00003', 'ORD-00004'],
  },
  { question: 'what is in QA?', intent: 'at-place', expect: ['8 pieces', 'ORD-00012', 'REP-00006'] },
  { question: 'how many pieces at Inspection?', intent: 'at-place', expect: ['Inspection', '5 pieces'] },
  { question: "what's on the Casting machine", intent: 'at-place', expect: ['ORD-00007'] },
  { question: 'what is in CAD?', intent: 'at-place', expect: ['2 pieces', 'ORD-00006', 'ORD-00008'] },
  {
    question: 'what is at the polishing lathe?',
    intent: 'at-place',
    expect: ['2 pieces', 'ORD-00011', 'REP-00003'],
  },
  {
    question: 'show me the Stone setting department',
    intent: 'at-place',
    expect: ['REP-00007', 'REP-00008'],
  },
  { question: 'what is at Design?', intent: 'at-place', expect: ['Nothing** is in Design'] },
  {
    question: "what's in Vendor returns?",
    intent: 'at-place',
    expect: ['2 pieces', 'ORD-00001', 'ORD-00013'],
  },
  { question: 'what is waiting at the Microscope station?', intent: 'at-place', expect: ['REP-00007'] },

  // Offsite
  {
    question: 'what is offsite?',
    intent: 'offsite',
    expect: ['2 pieces** are offsite (1 expected)', 'ORD-00003', 'ORD-00005'],
  },
  { question: "what's out at vendors?", intent: 'offsite', expect: ['ORD-00005'] },
  { question: 'anything out of the building?', intent: 'offsite', expect: ['offsite', 'ORD-00003'] },
  {
    question: 'what left the shop unexpectedly? anything off-site',
    intent: 'offsite',
    expect: ['1 was not expected'],
  },

  // Who has what, and who has room
  {
    question: 'who has room for more work?',
    intent: 'assignments',
    expect: ['Jonas Berg', 'most room'],
  },
  {
    question: 'who has what assigned?',
    intent: 'assignments',
    expect: ['16 open assignments', 'Marco Bellini'],
  },
  {
    question: 'what is assigned to Marco?',
    intent: 'assignments',
    expect: ['Marco Bellini', '9 open assignments', 'ORD-00001'],
  },
  {
    question: 'what does Elena Rossi have assigned?',
    intent: 'assignments',
    expect: ['Elena Rossi', '2 open assignments', 'ORD-00014'],
  },
  {
    question: "what is on Amelia Hart's plate?",
    intent: 'assignments',
    expect: ['Amelia Hart', '2 open assignments', 'ORD-00003'],
  },
  { question: 'show the workload', intent: 'assignments', expect: ['open assignments'] },
  { question: 'who is free to take a job?', intent: 'assignments', expect: ['most room'] },

  // Today and what is due
  {
    question: "today's summary",
    intent: 'summary',
    expect: ['3 overdue', '3 ready for pickup', '2 offsite'],
  },
  { question: 'how are we doing today?', intent: 'summary', expect: ['overdue', 'due this week'] },
  { question: 'give me an overview', intent: 'summary', expect: ['Today:'] },
  {
    question: 'what is due this week?',
    intent: 'jobs',
    expect: ['8 jobs** are due this week', 'ORD-00001', 'REP-00004'],
  },
  { question: "what's due tomorrow?", intent: 'jobs', expect: ['REP-00004'], reject: ['ORD-00001'] },
  {
    question: 'what is due today?',
    intent: 'jobs',
    expect: ['2 jobs** are due today', 'ORD-00012', 'REP-00007'],
  },

  // Readers
  { question: 'are the readers online?', intent: 'readers', expect: ['4 of 4 readers online'] },
  { question: 'reader health', intent: 'readers', expect: ['readers online'] },
  { question: 'is any antenna down?', intent: 'readers', expect: ['4 of 4'] },

  // Finding jobs by customer or description
  {
    question: 'find orders for Noah Williams',
    intent: 'find-job',
    expect: ['4 orders', 'ORD-00002', 'ORD-00010', 'ORD-00012', 'ORD-00013'],
    reject: ['REP-00002', 'ORD-00015'],
  },
  {
    question: 'what does Mia Johansson have with us?',
    intent: 'find-job',
    expect: ['3 open jobs', 'ORD-00016', 'REP-00003', 'REP-00006'],
  },
  {
    question: 'find the tennis bracelet',
    intent: 'find-job',
    expect: ['ORD-00012', 'REP-00001'],
    reject: ['ORD-00015'],
  },
  { question: 'look up the emerald ring', intent: 'find-job', expect: ['ORD-00011'], reject: ['ORD-00004'] },
  { question: 'jobs for Lucas Dubois', intent: 'find-job', expect: ['ORD-00004', 'ORD-00011', 'REP-00008'] },
  {
    question: "Mason Kim's orders",
    intent: 'find-job',
    expect: ['ORD-00003', 'ORD-00009'],
    reject: ['REP-00005'],
  },
  { question: 'find repairs for Olivia Bennett', intent: 'find-job', expect: ['1 repair', 'REP-00004'] },
  { question: 'find ORD-00016', intent: 'find-job', expect: ['ORD-00016'] },

  // Help, and plainly saying when it does not understand
  {
    question: 'help',
    intent: 'help',
    expect: ['I answer questions', 'What is overdue or at risk this week, and why?'],
  },
  { question: 'what can you do?', intent: 'help', expect: ['I answer questions'] },
  { question: 'blorp zzz', intent: 'unknown', expect: ["didn't understand", 'What is at Bench 2?'] },
  { question: "what's the weather like?", intent: 'unknown', expect: ["didn't understand"] },
  { question: 'tell me a joke', intent: 'unknown', expect: ["didn't understand"] },
];

/** Whether an answer is right for its row: the intent, every expected fragment, no rejected one. */
export function judgeAnswer(
  row: TAssistantQuestion,
  answer: { intent: TAssistantIntent; text: string },
): { ok: boolean; missing: string[] } {
  const text = answer.text.toLowerCase();
  const missing = [
    ...(answer.intent === row.intent ? [] : [`intent ${row.intent} (got ${answer.intent})`]),
    ...row.expect.filter((fragment) => !text.includes(fragment.toLowerCase())),
    ...(row.reject ?? [])
      .filter((fragment) => text.includes(fragment.toLowerCase()))
      .map((f) => `not “${f}”`),
  ];
  return { ok: missing.length === 0, missing };
}
