import { taipeiDateTime, taipeiDay, taipeiTimestamp, taipeiToday, taipeiYearMonth } from './taipei-time';

describe('Asia/Taipei time (UTC+8, no daylight saving)', () => {
  it('turns the day at 16:00 UTC and counts the time to midnight (daily caps)', () => {
    expect(taipeiDay(new Date('2024-05-01T15:59:59.000Z'))).toEqual({ day: '2024-05-01', msToMidnight: 1000 });
    expect(taipeiDay(new Date('2024-05-01T16:00:00.000Z'))).toEqual({ day: '2024-05-02', msToMidnight: 24 * 3600_000 });
  });

  it('gives the date and the wall-clock time staff read', () => {
    expect(taipeiToday(new Date('2023-12-31T16:30:00Z'))).toBe('2024-01-01');
    expect(taipeiToday(new Date('2024-02-29T15:59:59Z'))).toBe('2024-02-29');
    expect(taipeiDateTime(new Date('2024-07-01T23:05:00Z'))).toBe('2024-07-02 07:05');
  });

  it('gives protocol timestamps with seconds and the wall-clock month across a year end', () => {
    expect(taipeiTimestamp(new Date('2024-07-01T23:05:09Z'))).toBe('2024-07-02 07:05:09');
    expect(taipeiYearMonth(new Date('2024-12-31T16:00:00Z'))).toEqual({ year: 2025, month: 0 });
    expect(taipeiYearMonth(new Date('2024-12-31T15:59:59Z'))).toEqual({ year: 2024, month: 11 });
  });
});
