import { JOB_VIEWS } from '@loupe/domain/jobs/job-views';
import { ORDER_STATUSES } from '@loupe/domain/orders/order';
import { REPAIR_STATUSES } from '@loupe/domain/repairs/repair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askGenerated,
  familyOf,
  generateQuestions,
  type TGeneratedQuestion,
} from './assistant-generated-questions.ts';
import { ASSISTANT_QUESTIONS, judgeAnswer } from './assistant-questions.ts';
import { createAssistantWorkshop, type TAssistantWorkshop } from './support/assistant-workshop.ts';

let w: TAssistantWorkshop;
let generated: TGeneratedQuestion[];

beforeAll(async () => {
  w = await createAssistantWorkshop();
  generated = await generateQuestions(w);
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
      if (answer.text.includes("can't find")) continue;
      expect(
        answer.citations.map((c) => c.label),
        number,
      ).toContain(number);
    }
  });
});

describe('the generated questions: answers equal to the APIs’ (issue 32 §4)', () => {
  it('asks at least 150, covering every filter and role', () => {
    expect(generated.length).toBeGreaterThanOrEqual(150);
    const families = new Set(generated.map(familyOf));
    for (const family of [
      'kind × view',
      'late words',
      'due window',
      'status',
      'station',
      'department',
      'place × filter',
      'arrival time',
      'offsite',
      'one job',
      'hidden job',
      'summary',
      'people',
      'mine',
    ]) {
      expect(families, family).toContain(family);
    }
    for (const view of JOB_VIEWS) {
      expect(
        generated.some((row) => row.filter.startsWith(`kind × view: ${view} `)),
        view,
      ).toBe(true);
    }
    for (const status of [...ORDER_STATUSES, ...REPAIR_STATUSES]) {
      expect(
        generated.some((row) => row.filter.startsWith(`status: ${status} `)),
        status,
      ).toBe(true);
    }
    for (const kind of ['all', 'order', 'repair']) {
      expect(
        generated.some((row) => new RegExp(`\\b${kind}\\b`).test(row.filter)),
        kind,
      ).toBe(true);
    }
    for (const role of ['admin', 'manager', 'salesperson', 'designer', 'operator', 'production', 'qa']) {
      expect(
        generated.some((row) => row.role === role),
        role,
      ).toBe(true);
    }
    expect(generated.some((row) => row.expected.kind === 'denied')).toBe(true);
    expect(generated.some((row) => row.expected.kind === 'same-as')).toBe(true);
  });

  it('answers every one exactly: 100 %', async () => {
    const results = await askGenerated(w, generated);
    const wrong = results
      .filter((result) => result.wrong.length > 0)
      .map(
        (result) => `[${result.row.role}] ${result.row.question}: ${result.wrong.join('; ')}\n${result.text}`,
      );
    expect(wrong).toEqual([]);
  }, 120_000);
});
