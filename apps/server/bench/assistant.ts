/**
 * `npm run bench:assistant` (issue 16 §5): the built-in engine against the fixed questions of
 * test/assistant-questions.ts, on the assistant workshop (the demo plan seeded at a fixed present). Prints each
 * question that went wrong with what was missing, the share answered right, and the time per answer.
 */
import { performance } from 'node:perf_hooks';
import { ASSISTANT_QUESTIONS, judgeAnswer } from '../test/assistant-questions.ts';
import { createAssistantWorkshop } from '../test/support/assistant-workshop.ts';

const started = performance.now();
const w = await createAssistantWorkshop();
const seededMs = performance.now() - started;
const admin = { id: w.userIds.admin, role: 'admin' as const };
const context = { actor: admin, now: w.t.clock(), timeZone: 'UTC' };
const byIntent = new Map<string, { right: number; total: number }>();
let right = 0;
let answeringMs = 0;
for (const row of ASSISTANT_QUESTIONS) {
  const at = performance.now();
  const answer = await w.t.app.loupe.assistant.answer(admin, row.question);
  answeringMs += performance.now() - at;
  const parsed = await w.t.app.loupe.assistant.parse(row.question, context);
  const verdict = judgeAnswer(row, { intent: parsed.intent, text: answer.text });
  const tally = byIntent.get(row.intent) ?? { right: 0, total: 0 };
  tally.total += 1;
  if (verdict.ok) {
    right += 1;
    tally.right += 1;
  } else {
    console.info(`✗ ${row.question}\n    missing: ${verdict.missing.join(', ')}`);
  }
  byIntent.set(row.intent, tally);
}
await w.close();

const share = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
console.info('\nintent          right');
for (const [intent, tally] of [...byIntent].sort()) {
  console.info(`${intent.padEnd(15)} ${tally.right}/${tally.total}`);
}
console.info(
  `\nbuilt-in engine: ${right}/${ASSISTANT_QUESTIONS.length} questions answered right (${share(right, ASSISTANT_QUESTIONS.length)})`,
);
console.info(
  `seeded in ${(seededMs / 1000).toFixed(1)} s; ${(answeringMs / ASSISTANT_QUESTIONS.length).toFixed(0)} ms per answer on average`,
);
