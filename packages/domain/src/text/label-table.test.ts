import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keysOf } from './label-table';

describe('keysOf', () => {
  it("lists a label table's values in the table's order, for z.enum to parse", () => {
    const labels = { 'due-today': 'Due today', overdue: 'Overdue', in_design: 'In design' } as const;
    const values = keysOf(labels);
    expect(values).toEqual(['due-today', 'overdue', 'in_design']);
    expect(z.enum(values).safeParse('overdue').success).toBe(true);
    expect(z.enum(values).safeParse('Overdue').success).toBe(false);
  });
});
