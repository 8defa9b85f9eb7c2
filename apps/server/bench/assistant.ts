/**
 * `npm run bench:assistant` (issue 16 §5, issue 32 §4): the built-in engine on the assistant workshop (the demo
 * plan seeded at a fixed present): the fixed questions of test/assistant-questions.ts, and the generated
 * ones of test/assistant-generated-questions.ts whose expected answers come from the APIs. Prints each
 * question that went wrong and why, the share answered exactly right by intent and by filter, and the time
 * per answer.
 */
import { performance } from 'node:perf_hooks';
import { askGenerated, familyOf, generateQuestions } from '../test/assistant-generated-questions.ts';
import { ASSISTANT_QUESTIONS, judgeAnswer } from '../test/assistant-questions.ts';
import { createAssistantWorkshop } from '../test/support/assistant-workshop.ts';

const started = performance.now();
const w = await createAssistantWorkshop();
const seededMs = performance.now() - started;
const admin = { id: w.userIds.admin, role: 'admin' as const };
const context = { actor: admin, now: w.t.clock(), timeZone: 'UTC' };
const tally = (map: Map<string, { right: number; total: number }>, key: string, ok: boolean) => {
  const found = map.get(key) ?? { right: 0, total: 0 };
  found.total += 1;
  if (ok) found.right += 1;
  map.set(key, found);
};
const share = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;

const byIntent = new Map<string, { right: number; total: number }>();
let fixedRight = 0;
let answering = performance.now();
for (const row of ASSISTANT_QUESTIONS) {
  const answer = await w.t.app.loupe.assistant.answer(admin, row.question);
  const parsed = await w.t.app.loupe.assistant.parse(row.question, context);
  const verdict = judgeAnswer(row, { intent: parsed.intent, text: answer.text });
  tally(byIntent, row.intent, verdict.ok);
  if (verdict.ok) fixedRight += 1;
  else console.info(`✗ ${row.question}\n    missing: ${verdict.missing.join(', ')}`);
}
const fixedMs = performance.now() - answering;

const generated = await generateQuestions(w);
answering = performance.now();
const results = await askGenerated(w, generated);
const generatedMs = performance.now() - answering;
const byFilter = new Map<string, { right: number; total: number }>();
const byRole = new Map<string, { right: number; total: number }>();
let generatedRight = 0;
for (const { row, wrong, text } of results) {
  tally(byIntent, row.intent, wrong.length === 0);
  tally(byFilter, familyOf(row), wrong.length === 0);
  tally(byRole, row.role, wrong.length === 0);
  if (wrong.length === 0) generatedRight += 1;
  else console.info(`✗ [${row.role}] ${row.question}\n    ${wrong.join('; ')}\n    ${text.split('\n')[0]}`);
}
await w.close();

console.info('\nintent          right');
for (const [intent, { right, total }] of [...byIntent].sort())
  console.info(`${intent.padEnd(15)} ${right}/${total}`);
console.info('\nfilter (generated)   right');
for (const [filter, { right, total }] of [...byFilter].sort())
  console.info(`${filter.padEnd(20)} ${right}/${total}`);
console.info('\nrole (generated)     right');
for (const [role, { right, total }] of [...byRole].sort())
  console.info(`${role.padEnd(20)} ${right}/${total}`);
const total = ASSISTANT_QUESTIONS.length + results.length;
console.info(
  `\nfixed questions: ${fixedRight}/${ASSISTANT_QUESTIONS.length} (${share(fixedRight, ASSISTANT_QUESTIONS.length)})`,
);
console.info(
  `generated questions (expected answers from the APIs): ${generatedRight}/${results.length} (${share(generatedRight, results.length)})`,
);
console.info(
  `built-in engine: ${fixedRight + generatedRight}/${total} questions answered exactly right (${share(fixedRight + generatedRight, total)})`,
);
console.info(
  `seeded in ${(seededMs / 1000).toFixed(1)} s; ${((fixedMs + generatedMs) / total).toFixed(0)} ms per question on average (answer and parse)`,
);
