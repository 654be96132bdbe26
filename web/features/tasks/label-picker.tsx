import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '../../../common/constants.ts';
import { LIMITS } from '../../../common/limits.ts';
import { inputClasses } from '../../components/ui/text-field.tsx';
import { LabelChip } from '../../components/ui/label-chip.tsx';
import { labelsQuery } from '../../lib/api/label-queries.ts';
import { cx } from '../../lib/class-names.ts';

interface Suggestion {
  name: string;
  isNew: boolean;
}

/** Spec §5: substring match ignoring case, selected labels excluded, 'create new' only without an exact match. */
export function labelSuggestions(all: readonly string[], selected: readonly string[], typed: string): Suggestion[] {
  const text = typed.trim();
  if (!text) return [];
  const needle = text.toLocaleLowerCase();
  const chosen = new Set(selected.map((name) => name.toLocaleLowerCase()));
  const matches = all.filter((name) => name.toLocaleLowerCase().includes(needle) && !chosen.has(name.toLocaleLowerCase()));
  const exact = all.some((name) => name.toLocaleLowerCase() === needle) || chosen.has(needle);
  return [...matches.map((name) => ({ name, isNew: false })), ...(exact ? [] : [{ name: text, isNew: true }])];
}

export function LabelPicker({ value, onChange, label }: { value: string[]; onChange(labels: string[]): void; label: string }) {
  const { t } = useTranslation('editor');
  const labels = useQuery(labelsQuery());
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inputId = useId();
  const listId = useId();
  const names = useMemo(() => (labels.data ?? []).map((l) => l.name), [labels.data]);
  // A chosen label looks as it does on the cards: its colour, else its palette by id. One typed
  // now has neither until the task is saved, so it is shown plain.
  const byName = useMemo(() => new Map((labels.data ?? []).map((l) => [l.name.toLocaleLowerCase(), l])), [labels.data]);
  const suggestions = useMemo(() => labelSuggestions(names, value, text), [names, value, text]);
  const full = value.length >= LIMITS.labelsPerTaskMax;

  useEffect(() => () => clearTimeout(hideTimer.current), []);
  // The suggestions open below the field, which may sit at the bottom of a dialog's scroll area:
  // they are brought into view where the person types.
  const listbox = useRef<HTMLDivElement>(null);
  const shownSuggestions = open ? suggestions.length : -1;
  useEffect(() => {
    if (shownSuggestions >= 0) listbox.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shownSuggestions]);
  useEffect(() => setHighlight(0), [text]);

  function add(name: string) {
    const trimmed = name.trim().slice(0, LIMITS.labelNameMax);
    if (!trimmed || full || value.some((existing) => existing.toLocaleLowerCase() === trimmed.toLocaleLowerCase())) return;
    onChange([...value, trimmed]);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      // Enter takes the highlighted suggestion (the first by default), else the typed text.
      const choice = suggestions[highlight] ?? suggestions[0];
      add(choice ? choice.name : text);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      }
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setHighlight((h) => Math.min(h + 1, Math.max(suggestions.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  const matches = suggestions.filter((s) => !s.isNew);
  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      {value.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={t('labelPicker.selected')}>
          {value.map((name) => {
            const known = byName.get(name.toLocaleLowerCase());
            return (
              <li key={name} className="inline-flex items-center gap-0.5">
                <LabelChip name={name} color={known?.color} index={known?.id ?? null} size="md" />
                <button
                  type="button"
                  onClick={() => onChange(value.filter((n) => n !== name))}
                  aria-label={t('labelPicker.remove', { label: name })}
                  className="rounded-full p-0.5 text-muted hover:bg-surface-2 hover:text-fg"
                >
                  <X aria-hidden className="h-3.5 w-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="relative">
        <input
          id={inputId}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && suggestions[highlight] ? `${listId}-${highlight}` : undefined}
          value={text}
          disabled={full}
          maxLength={LIMITS.labelNameMax}
          placeholder={full ? t('labelPicker.full', { max: LIMITS.labelsPerTaskMax }) : t('labelPicker.placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            clearTimeout(hideTimer.current);
            setOpen(true);
          }}
          // Spec §5: suggestions hide after 150 ms, so a click on one still lands.
          onBlur={() => {
            hideTimer.current = setTimeout(() => setOpen(false), TIMINGS.labelSuggestionHideMs);
          }}
          onKeyDown={onKeyDown}
          className={inputClasses}
        />
        {open && (
          <div
            ref={listbox}
            id={listId}
            role="listbox"
            aria-label={t('labelPicker.suggestions')}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-56 overflow-y-auto rounded-control border border-line bg-surface py-1 shadow-lg"
          >
            {labels.isPending ? (
              <p className="px-3 py-2 text-sm text-muted">{t('labelPicker.loading')}</p>
            ) : !text.trim() ? (
              <p className="px-3 py-2 text-sm text-muted">{t('labelPicker.startTyping')}</p>
            ) : (
              <>
                {matches.length === 0 && <p className="px-3 py-2 text-sm text-muted">{t('labelPicker.noMatches')}</p>}
                {suggestions.map((suggestion, index) => (
                  <div
                    key={`${suggestion.isNew ? 'new' : 'existing'}-${suggestion.name}`}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === highlight}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => add(suggestion.name)}
                    onMouseEnter={() => setHighlight(index)}
                    className={cx(
                      'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
                      index === highlight ? 'bg-brand-soft text-brand-strong' : 'text-fg',
                    )}
                  >
                    {suggestion.isNew ? (
                      <>
                        <Plus aria-hidden className="h-4 w-4" />
                        {t('labelPicker.createNew', { label: suggestion.name })}
                      </>
                    ) : (
                      suggestion.name
                    )}
                  </div>
                ))}
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
