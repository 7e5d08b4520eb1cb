import { describe, expect, it } from 'vitest';
import { TASK_PHASES } from './tasks.ts';

describe('task phases', () => {
  it('keeps the API spelling PHASE_TYPE_UNKNOW among the six task phases', () => {
    expect(TASK_PHASES).toHaveLength(6);
    expect(new Set(TASK_PHASES).size).toBe(6);
    expect(TASK_PHASES).toContain('PHASE_TYPE_UNKNOW');
    expect(TASK_PHASES).not.toContain('PHASE_TYPE_UNKNOWN');
  });
});
