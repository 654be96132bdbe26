/**
 * What the shortcuts do on the page itself, through the controls the page already has: the
 * header's quick add, the dashboard's search, the task cards (their title button opens a task,
 * their tick completes it). Pressing a shortcut does what clicking there does, nothing else.
 */

const CARD = '[data-testid="task-card"]';

/** A modal dialog is open: it owns the keyboard. */
const dialogIsOpen = () => document.querySelector('dialog[open]') !== null;

/** Runs `act` with the first element matching `selector` once it is on the page (after a navigation), for up to `timeoutMs`. */
export function whenPresent<T extends Element>(selector: string, act: (element: T) => void, timeoutMs = 5000) {
  const found = document.querySelector<T>(selector);
  if (found) return act(found);
  const observer = new MutationObserver(() => {
    const element = document.querySelector<T>(selector);
    if (!element) return;
    observer.disconnect();
    clearTimeout(timer);
    act(element);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(() => observer.disconnect(), timeoutMs);
}

/** `q`: the header's quick add, opened if it is closed (it focuses its field as it opens), else its field focused. */
export function openQuickAdd() {
  const field = document.getElementById('quick-add-input');
  if (field) field.focus();
  else document.querySelector<HTMLButtonElement>('[data-testid="quick-add-toggle"]')?.click();
}

/** The search field of the task screen on display, if it has one. */
export const SEARCH_FIELD = '#main input[type="search"]';

export function focusSearch(field: HTMLInputElement) {
  field.focus();
  field.select();
}

/** The task cards in the DOM, in reading order (the list renders only the rows near the screen). */
const cards = () => Array.from(document.querySelectorAll<HTMLElement>(`#main ${CARD}`));

/** The card that holds focus (its title button, its tick), if any. */
export function focusedCard(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return null;
  const card = active.closest<HTMLElement>(CARD);
  return card && card.closest('#main') ? card : null;
}

/** The card's task id. */
export const cardTaskId = (card: HTMLElement) => Number(card.dataset.taskId);

/** The button that opens the card's task: it covers the card and carries its title as its name. */
const openButton = (card: HTMLElement) => card.querySelector<HTMLButtonElement>('h3 button');

/** The card's tick (complete / reopen), if the screen offers it. */
export const toggleButton = (card: HTMLElement) => card.querySelector<HTMLButtonElement>(':scope > button[aria-pressed]');

/** The sticky header's bottom edge: a card scrolled to must not end up under it. */
const headerBottom = () => document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
const MARGIN = 8;

function focusCard(card: HTMLElement) {
  const button = openButton(card);
  if (!button) return;
  button.focus({ preventScroll: true });
  const rect = card.getBoundingClientRect();
  const top = headerBottom() + MARGIN;
  if (rect.top < top) window.scrollBy({ top: rect.top - top });
  else if (rect.bottom > window.innerHeight - MARGIN) window.scrollBy({ top: rect.bottom - window.innerHeight + MARGIN });
}

/** The last card that held focus, and where it was among the cards: `j` goes on from there when it is gone. */
let last: { id: number; index: number } | null = null;

/** Keeps `last` up to date, whichever way focus reached a card (j/k, Tab, a click). */
export function rememberFocusedCard() {
  const card = focusedCard();
  if (card) last = { id: cardTaskId(card), index: cards().indexOf(card) };
}

/**
 * `j` / `k`: focus moves to the next or previous card; with none focused yet, `j` takes the
 * first card on screen and `k` the last. A card that went (completed into another part of the list,
 * deleted) is stood in for by the card now where it was.
 */
export function moveCardFocus(step: 1 | -1): boolean {
  const all = cards();
  if (all.length === 0) return false;
  const current = focusedCard();
  let index: number;
  if (current) index = all.indexOf(current) + step;
  else if (last && all.some((card) => cardTaskId(card) === last!.id)) index = all.findIndex((card) => cardTaskId(card) === last!.id) + step;
  else if (last) index = step === 1 ? last.index : last.index - 1;
  else {
    const top = headerBottom();
    const visible = all.filter((card) => {
      const rect = card.getBoundingClientRect();
      return rect.bottom > top && rect.top < window.innerHeight;
    });
    const pick = step === 1 ? (visible[0] ?? all[0]) : (visible.at(-1) ?? all.at(-1));
    index = all.indexOf(pick!);
  }
  const target = all[Math.max(0, Math.min(all.length - 1, index))]!;
  focusCard(target);
  rememberFocusedCard();
  return true;
}

/**
 * After `x` or `Delete` on a focused card: if the card goes from the list (it moved among the
 * completed, or was deleted and its dialog gave focus back to the page), focus goes to the card
 * now in its place instead of being lost, so the keyboard carries on from there.
 */
export function keepFocusInPlace(card: HTMLElement) {
  const index = cards().indexOf(card);
  const button = openButton(card);
  if (index < 0 || !button) return;
  let quietSince = performance.now();
  const check = () => {
    if (dialogIsOpen()) {
      quietSince = performance.now();
      return schedule();
    }
    const active = document.activeElement;
    const lost = !active || active === document.body || active.id === 'main';
    if (button.isConnected && active === button) {
      // Still there: watched a little longer (the list reloads after a completion).
      return performance.now() - quietSince < 3000 ? schedule() : undefined;
    }
    if (!lost) return; // focus went somewhere on purpose
    if (button.isConnected) return button.focus({ preventScroll: true });
    const all = cards();
    const target = all[Math.min(index, all.length - 1)];
    if (target) {
      focusCard(target);
      rememberFocusedCard();
    }
  };
  const schedule = () => void setTimeout(check, 100);
  schedule();
}

/** `Enter` on a card that holds focus but not on a control of its own: its task opens, as a click on it would. */
export function openCard(card: HTMLElement) {
  openButton(card)?.click();
}
