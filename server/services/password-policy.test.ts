import { describe, expect, test } from 'vitest';
import { PERSONAL_PASSWORD_MESSAGE, passwordStrengthErrors, WEAK_PASSWORD_MESSAGE } from './password-policy.ts';

const amira = ['Amira Haddad', 'amira.haddad@example.com'];

describe('password strength', () => {
  test.each([
    'password    ',
    'password123',
    'Password Password',
    'pass-word-123',
    'P4ssw0rd!',
    'p@$$w0rd1',
    'qwertyuiop',
    '12345678',
    'aaaaaaaaaaaa',
    'Summer2024!',
    'my dog spot',
    ' '.repeat(12),
    'taskaty2024',
    // Long, but a repeat all the same (only the first characters are estimated).
    'password '.repeat(20),
  ])('“%s” is too easy to guess', async (password) => {
    expect(await passwordStrengthErrors(password, amira)).toEqual([WEAK_PASSWORD_MESSAGE]);
  });

  test.each([
    'correct horse battery',
    'plum orchard 4711 violet',
    'amber lantern sets sail',
    'long-enough-1',
    'Tr0ub4dor&3 quilt',
    'x7#Kp9!vQ2',
  ])('“%s” is strong enough', async (password) => {
    expect(await passwordStrengthErrors(password, amira)).toEqual([]);
  });

  test('the person’s own name and e-mail address count against the password', async () => {
    for (const password of ['haddad amira 1990', 'AmiraHaddad!', 'amira.haddad@example.com', 'Amira Haddad 2024']) {
      expect(await passwordStrengthErrors(password, amira), password).toEqual([PERSONAL_PASSWORD_MESSAGE]);
    }
    // The same password is fine for someone else…
    expect(await passwordStrengthErrors('haddad amira 1990', ['Bob Stone', 'bob@example.com'])).toEqual([]);
    // …and a strong phrase may still mention the name.
    expect(await passwordStrengthErrors('amira plum orchard violet', amira)).toEqual([]);
  });

  test('a very long password is judged without costing seconds of CPU, and odd text never throws', async () => {
    const long = Array.from({ length: 200 }, (_, i) => String.fromCharCode(33 + ((i * 37) % 90))).join('');
    expect(await passwordStrengthErrors(long, amira)).toEqual([]);
    expect(await passwordStrengthErrors('\uD800\uDC00\uD800 lone surrogate \u202E', [])).toEqual(expect.any(Array));
    expect(await passwordStrengthErrors('x7#Kp9!vQ2', ['', '   '])).toEqual([]);
  });
});
