import { describe, expect, test } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.ts';

const withCode = (code: string) => Object.assign(new Error('database error'), { code });

describe('database errors a client cannot cause', () => {
  test.each([
    'SQLITE_BUSY',
    'SQLITE_BUSY_SNAPSHOT',
    'SQLITE_BUSY_TIMEOUT',
    'SQLITE_LOCKED',
    'SQLITE_LOCKED_SHAREDCACHE',
    '57P01',
    '57014',
    '53300',
    '40001',
    '40P01',
    'ECONNREFUSED',
  ])('%s is "unavailable" (503)', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  test.each(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_BUSYNESS', '23505', '22P02', 'SQLITE_ERROR'])('%s is not', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(false);
  });

  test('a unique violation is told apart on both databases, and nothing else is one', () => {
    expect(isUniqueViolation(withCode('23505'))).toBe(true);
    expect(isUniqueViolation(withCode('SQLITE_CONSTRAINT_UNIQUE'))).toBe(true);
    expect(isUniqueViolation(withCode('SQLITE_BUSY'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
