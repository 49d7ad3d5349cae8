import { describe, expect, it } from 'vitest';
import { moved } from './components/chosen-questions';
import { describeSchedule } from './schedule';

describe('interview schedules and order', () => {
  it('describes a weekly schedule and one that sends everything at once', () => {
    expect(describeSchedule({ weekday: 1, hour: 9, timeZone: 'Europe/Paris' })).toBe('Every Monday at 9:00 (Europe/Paris)');
    expect(describeSchedule(null)).toBe('All questions at once');
  });

  it('moves a question up or down by one place', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });
});
