import { describe, expect, test } from 'vitest';
import { mentionablePeople, mentionedIds, mentionQuery, splitMentions, suggestionsFor } from './mentions.ts';

const people = [
  { id: 2, name: 'Amira Haddad', photo: null },
  { id: 3, name: 'Ben Brown', photo: null },
  { id: 4, name: 'अमीरा शर्मा', photo: null },
];

describe('mentions in the comment box', () => {
  test('the people who may be mentioned: the owner and accepted recipients, never me or a pending one', () => {
    const task = {
      owner: { id: 1, name: 'Olga', email: 'o@x', user_photo: null },
      shared_with: [
        { id: 2, name: 'Amira', email: 'a@x', user_photo: null, pivot: { status: 'accepted' } },
        { id: 5, name: 'Pia', email: 'p@x', user_photo: null, pivot: { status: 'pending' } },
        { id: null, name: 'invitee@x', email: 'invitee@x', user_photo: null, pivot: { status: 'pending' } },
      ],
    };
    expect(mentionablePeople(task, 2).map((p) => p.name)).toEqual(['Olga']);
    expect(mentionablePeople(task, 1).map((p) => p.name)).toEqual(['Amira']);
  });

  test.each([
    ['@', 1, { start: 0, query: '' }],
    ['Hi @am', 6, { start: 3, query: 'am' }],
    ['Hi @Amira H', 11, { start: 3, query: 'Amira H' }],
    ['mail a@b', 8, undefined],
    ['Hi @अमी', 7, { start: 3, query: 'अमी' }],
    ['no at sign', 10, undefined],
  ])('“%s” with the caret at %i asks for %o', (text, caret, expected) => {
    expect(mentionQuery(text, caret)).toEqual(expected);
  });

  test('suggestions match the start of the name or of a word in it, in any script', () => {
    expect(suggestionsFor('b', people).map((p) => p.id)).toEqual([3]);
    expect(suggestionsFor('hadd', people).map((p) => p.id)).toEqual([2]);
    expect(suggestionsFor('अमी', people).map((p) => p.id)).toEqual([4]);
    expect(suggestionsFor('', people)).toHaveLength(3);
    expect(suggestionsFor('zz', people)).toEqual([]);
    expect(suggestionsFor('Ben Brown ', people)).toEqual([]);
    expect(suggestionsFor('Ben ', people).map((p) => p.id)).toEqual([3]);
  });

  test('the ids sent are those whose @name the text holds; mentions are shown apart', () => {
    expect(mentionedIds('@Amira Haddad and @ben brown!', people)).toEqual([2, 3]);
    expect(mentionedIds('Amira Haddad', people)).toEqual([]);
    expect(splitMentions('Hi @Amira Haddad, ok', ['Amira Haddad', 'Amira'])).toEqual([
      { text: 'Hi ', mention: false },
      { text: '@Amira Haddad', mention: true },
      { text: ', ok', mention: false },
    ]);
  });
});
