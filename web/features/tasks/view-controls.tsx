import { LayoutGrid, List, Rows3 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, type Density, type ViewMode } from '../../../common/constants.ts';
import { cx } from '../../lib/class-names.ts';
import { storage } from '../../lib/storage.ts';

export interface TaskLayout {
  viewMode: ViewMode;
  density: Density;
  setViewMode(next: ViewMode): void;
  toggleDensity(): void;
}

/**
 * How cards are laid out (list or grid, comfortable or compact), kept in the browser: the
 * dashboard, Today and Upcoming share one choice, so switching in one is what the others show.
 */
export function useTaskLayout(): TaskLayout {
  const [viewMode, setViewModeState] = useState<ViewMode>(() => (storage.get(STORAGE_KEYS.viewMode) === 'grid' ? 'grid' : 'list'));
  const [density, setDensityState] = useState<Density>(() => (storage.get(STORAGE_KEYS.density) === 'compact' ? 'compact' : 'comfortable'));
  return {
    viewMode,
    density,
    setViewMode(next) {
      storage.set(STORAGE_KEYS.viewMode, next);
      setViewModeState(next);
    },
    toggleDensity() {
      const next = density === 'compact' ? 'comfortable' : 'compact';
      storage.set(STORAGE_KEYS.density, next);
      setDensityState(next);
    },
  };
}

const optionClass = (pressed: boolean) =>
  cx(
    'tap-target flex h-8 w-8 items-center justify-center rounded-[0.35rem]',
    pressed ? 'bg-brand-soft text-brand-strong' : 'text-muted hover:text-fg',
  );

/** The list / grid / compact buttons, pressed as the layout is. */
export function ViewControls({ layout }: { layout: TaskLayout }) {
  const { t } = useTranslation('tasks');
  return (
    <div role="group" aria-label={t('view.label')} className="flex rounded-control border border-line bg-surface p-0.5">
      {(['list', 'grid'] as const).map((modeOption) => (
        <button
          key={modeOption}
          type="button"
          onClick={() => layout.setViewMode(modeOption)}
          aria-pressed={layout.viewMode === modeOption}
          aria-label={t(`view.${modeOption}`)}
          title={t(`view.${modeOption}`)}
          className={optionClass(layout.viewMode === modeOption)}
        >
          {modeOption === 'list' ? <List aria-hidden className="h-4 w-4" /> : <LayoutGrid aria-hidden className="h-4 w-4" />}
        </button>
      ))}
      <button
        type="button"
        onClick={layout.toggleDensity}
        aria-pressed={layout.density === 'compact'}
        aria-label={t('view.compact')}
        title={t('view.compact')}
        data-testid="density-compact"
        className={optionClass(layout.density === 'compact')}
      >
        <Rows3 aria-hidden className="h-4 w-4" />
      </button>
    </div>
  );
}
