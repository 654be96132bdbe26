import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/ui/avatar.tsx';
import { cx } from '../../lib/class-names.ts';
import { mentionQuery, suggestionsFor, type Mentionable } from './mentions.ts';

/**
 * "@" in a comment box offers the task's people (issue 22): typing filters them, ↑/↓ choose,
 * Enter or Tab writes "@Name ", Escape closes the list and leaves the text as typed. The box keeps
 * the focus throughout (the ARIA pattern of a textbox with a list: aria-haspopup, aria-autocomplete,
 * aria-controls, aria-activedescendant), so typing never stops. Not role="combobox" with
 * aria-expanded: a textarea may take no other role (ARIA in HTML), and aria-expanded is not a
 * textbox's state; the status line says when suggestions open and how many there are.
 *
 * Our own, not a combobox library: the ones we know take over the field's value and caret, which a
 * comment box that is also a free-text editor cannot give them (decision 028).
 */
export function useMentionSuggestions(
  box: RefObject<HTMLTextAreaElement | null>,
  value: string,
  setValue: (value: string) => void,
  people: readonly Mentionable[],
) {
  const { t } = useTranslation('comments');
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // The "@" whose list Escape closed: it stays closed until another "@" is typed.
  const [dismissed, setDismissed] = useState<number | null>(null);

  const query = people.length && caret !== null ? mentionQuery(value, caret) : undefined;
  const suggestions = query && query.start !== dismissed ? suggestionsFor(query.query, people) : [];
  const open = suggestions.length > 0;
  const chosen = Math.min(active, suggestions.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const onCaretMove = () => {
    const position = box.current?.selectionStart ?? null;
    setCaret(position);
    setActive(0);
  };

  const insert = (person: Mentionable) => {
    if (!query || caret === null) return;
    const text = `@${person.name} `;
    const next = value.slice(0, query.start) + text + value.slice(caret);
    const at = query.start + text.length;
    // Written at once, caret after the name, before the next key arrives: set a frame later, a fast
    // typist's next letter landed before the caret moved and the two came out swapped.
    flushSync(() => {
      setValue(next);
      setCaret(at);
      // This "@" is done: its list stays closed while the sentence goes on.
      setDismissed(query.start);
    });
    box.current?.setSelectionRange(at, at);
  };

  /** True when the key was the list's. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    // Enter or an arrow confirming an input method's composition (Hindi transliteration, say) is the IME's.
    if (!open || event.nativeEvent.isComposing) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((chosen + step + suggestions.length) % suggestions.length);
      return true;
    }
    if ((event.key === 'Enter' && !event.ctrlKey && !event.metaKey && !event.shiftKey) || event.key === 'Tab') {
      event.preventDefault();
      insert(suggestions[chosen]!);
      return true;
    }
    if (event.key === 'Escape') {
      // Closes the list, not the comment box or the task dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(query!.start);
      return true;
    }
    return false;
  };

  // In the flow under the box (not floating): a dialog's scrolling area never clips it, and it is
  // scrolled into view as it opens.
  const list = open ? (
    <div>
      <ul
        ref={(element) => element?.scrollIntoView?.({ block: 'nearest' })}
        id={listId}
        role="listbox"
        aria-label={t('mentions.label')}
        className="max-h-64 overflow-y-auto rounded-control border border-line bg-surface p-1 shadow-sm sm:max-w-sm"
        data-testid="mention-suggestions"
      >
        {suggestions.map((person, index) => (
          <li
            key={person.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === chosen}
            // Keeps the focus in the box: a click chooses without a blur.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => insert(person)}
            className={cx(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-control px-2 py-1.5 text-sm text-fg',
              index === chosen ? 'bg-brand-soft text-brand-strong' : 'hover:bg-surface-2',
            )}
          >
            <Avatar name={person.name} photo={person.photo} size="sm" />
            <bdi className="truncate">{person.name}</bdi>
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {t('mentions.count', { count: suggestions.length })}
      </p>
    </div>
  ) : null;

  return {
    list,
    onKeyDown,
    onCaretMove,
    close: () => setCaret(null),
    textareaProps: {
      'aria-haspopup': 'listbox' as const,
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(chosen) : undefined,
    },
  };
}
