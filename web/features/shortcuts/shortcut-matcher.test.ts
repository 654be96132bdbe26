import { describe, expect, test } from 'vitest';
import { createShortcutMatcher, isTextEntry, SEQUENCE_TIMEOUT_MS, SHORTCUTS, shortcutKey, type KeyPress } from './shortcut-matcher.ts';

/** A matcher on a clock the test moves. */
function setup() {
  let time = 1_000_000;
  const matcher = createShortcutMatcher({ now: () => time });
  return {
    press: (key: string, extra: Partial<KeyPress> = {}) => matcher.match({ key, target: document.body, ...extra }),
    wait: (ms: number) => void (time += ms),
    matcher,
  };
}

const element = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild as HTMLElement;
};

describe('single keys', () => {
  test.each([
    ['q', 'quickAdd'],
    ['n', 'newTask'],
    ['/', 'search'],
    ['j', 'next'],
    ['k', 'previous'],
    ['Enter', 'open'],
    ['x', 'toggle'],
    ['e', 'edit'],
    ['Delete', 'delete'],
    // A Mac's delete key.
    ['Backspace', 'delete'],
  ] as const)('%s is %s', (key, id) => {
    expect(setup().press(key)).toEqual({ id });
  });

  test('? and # are read as the key produces them, Shift and all', () => {
    const { press } = setup();
    expect(press('?', { shiftKey: true, code: 'Slash' })).toEqual({ id: 'help' });
    expect(press('#', { shiftKey: true, code: 'Digit3' })).toEqual({ id: 'labels' });
    // A German keyboard has # on a key of its own; the Arabic question mark is ?.
    expect(press('#', { code: 'Backslash' })).toEqual({ id: 'labels' });
    expect(press('\u061F', { shiftKey: true })).toEqual({ id: 'help' });
  });

  test('AltGr producing a character is no modifier; Alt, Ctrl and Cmd with a letter are the browser’s', () => {
    const { press } = setup();
    const altGraph = { ctrlKey: true, altKey: true, getModifierState: (key: string) => key === 'AltGraph' };
    expect(press('#', altGraph)).toEqual({ id: 'labels' });
    expect(press('j', { altKey: true })).toBeNull();
    expect(press('j', { ctrlKey: true })).toBeNull();
    expect(press('n', { metaKey: true })).toBeNull();
    // A capital is no shortcut.
    expect(press('J', { shiftKey: true })).toBeNull();
  });

  test('a letter of a layout without Latin letters counts as the Latin letter of its key; a Latin layout keeps its own', () => {
    const { press } = setup();
    expect(shortcutKey({ key: 'ت', code: 'KeyJ' })).toBe('j');
    expect(press('ت', { code: 'KeyJ' })).toEqual({ id: 'next' });
    expect(press('ि', { code: 'KeyX' })).toEqual({ id: 'toggle' });
    // French AZERTY: q is where A is on a US keyboard, and it is q.
    expect(press('q', { code: 'KeyA' })).toEqual({ id: 'quickAdd' });
    expect(press('a', { code: 'KeyQ' })).toBeNull();
  });

  test('Ctrl+K and Cmd+K open the palette, Ctrl+Z and Cmd+Z undo, Ctrl+Shift+Z (redo) does nothing', () => {
    const { press } = setup();
    expect(press('k', { ctrlKey: true })).toEqual({ id: 'palette' });
    expect(press('k', { metaKey: true })).toEqual({ id: 'palette' });
    expect(press('ن', { ctrlKey: true, code: 'KeyK' })).toEqual({ id: 'palette' });
    expect(press('z', { ctrlKey: true })).toEqual({ id: 'undo' });
    expect(press('z', { metaKey: true })).toEqual({ id: 'undo' });
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toBeNull();
    expect(press('k', { ctrlKey: true, altKey: true })).toBeNull();
  });
});

describe('not while typing', () => {
  test.each([
    ['an input', '<input type="text">'],
    ['a search field', '<input type="search">'],
    ['an input with no type', '<input>'],
    ['a textarea', '<textarea></textarea>'],
    ['a select', '<select><option>a</option></select>'],
    ['a contenteditable element', '<div contenteditable="true"><b>bold</b></div>'],
  ])('no shortcut fires in %s', (_name, html) => {
    const { press } = setup();
    const field = element(html);
    const target = field.querySelector('b') ?? field;
    for (const key of ['j', 'q', '/', '?', 'Delete', 'Backspace', 'g']) expect(press(key, { target })).toBeNull();
    expect(press('k', { target, ctrlKey: true })).toBeNull();
    expect(press('z', { target, ctrlKey: true })).toBeNull();
  });

  test('a checkbox or a button is no text field: shortcuts work there', () => {
    const { press } = setup();
    expect(isTextEntry(element('<input type="checkbox">'))).toBe(false);
    expect(press('j', { target: element('<button>Open</button>') })).toEqual({ id: 'next' });
  });

  test('a menu or a listbox reads its own keys: no shortcut fires there', () => {
    const { press } = setup();
    const item = element('<div role="menu"><button role="menuitem">Accept</button></div>').querySelector('button');
    expect(press('j', { target: item })).toBeNull();
    expect(press('x', { target: element('<ul role="listbox"><li role="option">a</li></ul>').querySelector('li') })).toBeNull();
  });

  test('contenteditable="false" inside an editor is not text entry', () => {
    expect(isTextEntry(element('<div contenteditable="false"><span>x</span></div>').querySelector('span'))).toBe(false);
  });

  test('no shortcut fires during IME composition (isComposing, or keyCode 229 as some browsers report it)', () => {
    const { press } = setup();
    expect(press('j', { isComposing: true })).toBeNull();
    expect(press('Process', { keyCode: 229 })).toBeNull();
    expect(press('x', { keyCode: 229 })).toBeNull();
    expect(press('k', { ctrlKey: true, isComposing: true })).toBeNull();
  });

  test('no shortcut fires while a dialog is open, but Ctrl+Z outside its fields still undoes', () => {
    const { matcher } = setup();
    const open = { dialogOpen: true };
    expect(matcher.match({ key: 'j', target: document.body }, open)).toBeNull();
    expect(matcher.match({ key: '?', target: document.body }, open)).toBeNull();
    expect(matcher.match({ key: 'k', ctrlKey: true, target: document.body }, open)).toBeNull();
    expect(matcher.match({ key: 'z', ctrlKey: true, target: element('<button>Reopen</button>') }, open)).toEqual({ id: 'undo' });
    // In the dialog's text field, Ctrl+Z is the field's own undo.
    expect(matcher.match({ key: 'z', ctrlKey: true, target: element('<input>') }, open)).toBeNull();
    // A g before the dialog opened is forgotten.
    matcher.match({ key: 'g', target: document.body });
    matcher.match({ key: 'x', target: document.body }, open);
    expect(matcher.match({ key: 't', target: document.body })).toBeNull();
  });

  test('a real KeyboardEvent is read the same way', () => {
    const { matcher } = setup();
    const field = element('<input>');
    const event = new KeyboardEvent('keydown', { key: 'j', bubbles: true });
    let result: unknown = 'unset';
    field.addEventListener('keydown', (e) => (result = matcher.match(e)));
    field.dispatchEvent(event);
    expect(result).toBeNull();
    document.body.addEventListener('keydown', (e) => (result = matcher.match(e)), { once: true });
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true }));
    expect(result).toEqual({ id: 'next' });
  });
});

describe('sequences', () => {
  test.each([
    ['t', 'goTasks'],
    ['s', 'goShared'],
    ['l', 'goLabels'],
    ['u', 'goUpcoming'],
  ] as const)('g then %s is %s', (key, id) => {
    const { press } = setup();
    expect(press('g')).toEqual({ pending: true });
    expect(press(key)).toEqual({ id });
  });

  test('the second key may wait about a second, not longer', () => {
    const { press, wait } = setup();
    press('g');
    wait(SEQUENCE_TIMEOUT_MS);
    expect(press('t')).toEqual({ id: 'goTasks' });
    press('g');
    wait(SEQUENCE_TIMEOUT_MS + 1);
    // t alone is no shortcut.
    expect(press('t')).toBeNull();
  });

  test('Shift on its way to a key does not end a sequence; another key does, and counts on its own', () => {
    const { press } = setup();
    press('g');
    expect(press('Shift', { shiftKey: true })).toBeNull();
    expect(press('l')).toEqual({ id: 'goLabels' });
    press('g');
    expect(press('j')).toEqual({ id: 'next' });
    expect(press('t')).toBeNull();
  });

  test('typing in a field, composing or a modifier in between forgets the g', () => {
    const { press } = setup();
    const field = element('<input>');
    press('g');
    press('a', { target: field });
    expect(press('t')).toBeNull();
    press('g');
    press('g', { isComposing: true });
    expect(press('t')).toBeNull();
    press('g');
    press('c', { ctrlKey: true });
    expect(press('t')).toBeNull();
  });

  test('every shortcut has a distinct key or sequence', () => {
    const names = SHORTCUTS.map((shortcut) => `${shortcut.mod ? 'mod+' : ''}${shortcut.keys.join(' ')}`);
    expect(new Set(names).size).toBe(names.length);
  });
});
