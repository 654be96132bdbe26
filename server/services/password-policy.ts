import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PRODUCT_NAME } from '../../common/constants.ts';

/**
 * Password strength (issue 18): zxcvbn's estimate of how many guesses a password takes, with
 * its common-password, English word and name lists, keyboard patterns, dates, repeats and l33t
 * spelling. Server only: the dictionaries never reach the web bundle (the web app shows the
 * messages below through server.json).
 *
 * A password must reach score 3 (about 10^8 guesses: "safely unguessable" against an online attack
 * on a slow hash like our argon2id), judged three ways, the weakest counting:
 * - as typed;
 * - with its separators removed: zxcvbn credits every space or hyphen between words as a random
 *   character ("password    " and "pass-word-123" reach its top score), while cracking rules insert
 *   them for free;
 * - without the person's own name, e-mail address and the product's name, which an attacker who
 *   targets them knows: "haddad amira 1990" for Amira Haddad is only "1990".
 * "password" with spaces, "password123", "P4ssw0rd!" and "my dog spot" are refused; a phrase of a
 * few less common words, with or without the person's name in it, passes.
 */
export const MIN_PASSWORD_SCORE = 3;

export const WEAK_PASSWORD_MESSAGE = 'The password is too easy to guess. Use a longer phrase of uncommon words.';
export const PERSONAL_PASSWORD_MESSAGE = 'The password must not be based on your name or email address.';

/**
 * Only this many leading characters are estimated: the estimate's time grows steeply with length
 * (250 random characters took seconds of CPU on the request's thread; 40 take ~10-30 ms). A longer
 * password whose first 40 characters are not guessable is not guessable either.
 */
const ESTIMATED_LENGTH = 40;
/** Spaces and the punctuation people put between words. */
const SEPARATORS = /[\s\-_.,;:+/\\|~]+/gu;
const PRODUCT_WORD = PRODUCT_NAME.toLowerCase();

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Loaded and built on first use (~0.1-0.2 s and ~20 MB for the dictionaries' modules, ~0.3 s to
 * build), so the server's cold start and idle memory do not pay for it.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      maxLength: ESTIMATED_LENGTH,
      // The library's default (100) let a password full of l33t-able characters take ~0.5 s;
      // three still catch "P4ssw0rd!", "p@$$w0rd1" and "l3tm31n!".
      l33tMaxSubstitutions: 3,
    });
  })();
  return estimator;
}

/** The person's name and e-mail address, whole and in words (local part, domain labels), lower-cased. */
function personalWords(userInputs: readonly string[]): string[] {
  const words = new Set<string>();
  for (const input of userInputs) {
    const text = input.trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    for (const part of text.split(/[\s@.+_-]+/)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * English field errors for `password` (empty when it is strong enough). `userInputs` are what the
 * person told us about themselves (name, e-mail address): a password built on them is weak.
 */
export async function passwordStrengthErrors(password: string, userInputs: readonly string[]): Promise<string[]> {
  const personal = personalWords(userInputs);
  const known = [PRODUCT_WORD, ...personal];
  const estimate = await zxcvbn();
  const score = (candidate: string) => (candidate ? estimate.check(candidate, known).score : 0);

  const joined = password.replace(SEPARATORS, '').toLowerCase();
  // The longest first, so "amira.haddad@example.com" goes before "amira".
  let rest = joined;
  for (const word of [...personal].sort((a, b) => b.length - a.length)) rest = rest.replaceAll(word.replace(SEPARATORS, ''), '');
  if (rest !== joined && score(rest) < MIN_PASSWORD_SCORE) return [PERSONAL_PASSWORD_MESSAGE];

  if (score(password) < MIN_PASSWORD_SCORE || (joined !== password.toLowerCase() && score(joined) < MIN_PASSWORD_SCORE))
    return [WEAK_PASSWORD_MESSAGE];
  return [];
}
