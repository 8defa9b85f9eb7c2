import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_QUESTIONS, judgeAnswer } from './assistant-questions.ts';
import { createAssistantWorkshop, type TAssistantWorkshop } from './support/assistant-workshop.ts';

let w: TAssistantWorkshop;

beforeAll(async () => {
  w = await createAssistantWorkshop();
}, 240_000);

afterAll(async () => {
  await w?.close();
});

describe('the built-in engine on the fixed questions (issue 16 §5)', () => {
  it('has at least 60 questions', () => {
    expect(ASSISTANT_QUESTIONS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(ASSISTANT_QUESTIONS.map((row) => [row.question, row] as const))('answers “%s”', async (_, row) => {
    const admin = { id: w.userIds.admin, role: 'admin' as const };
    const context = { actor: admin, now: w.t.clock(), timeZone: 'UTC' };
    const engine = w.t.app.loupe.assistant;
    const answer = await engine.answer(admin, row.question);
    const parsed = await engine.parse(row.question, context);
    const verdict = judgeAnswer(row, { intent: parsed.intent, text: answer.text });
    expect(verdict.missing, answer.text).toEqual([]);
    expect(answer.understood).toBe(row.intent !== 'unknown');
    // Every answer about records cites them as links.
    for (const number of answer.text.match(/\b(?:ORD|REP)-\d{5}\b/g) ?? []) {
      if (row.intent === 'where-is' && answer.text.includes("can't find")) continue;
      expect(
        answer.citations.map((c) => c.label),
        number,
      ).toContain(number);
    }
  });
});
