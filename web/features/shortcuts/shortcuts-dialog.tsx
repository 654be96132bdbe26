import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ShortcutKeys } from './key-caps.tsx';
import { SHORTCUTS, type ShortcutGroup } from './shortcut-matcher.ts';

const GROUPS: readonly ShortcutGroup[] = ['general', 'tasks', 'navigation'];

/** `?`: every shortcut, by group, with its keys. Loaded when first asked for. */
export default function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('shortcuts');
  return (
    <Dialog open onClose={onClose} title={t('help.title')} closeLabel={t('common:actions.close')} size="md" testId="shortcuts-dialog">
      <p className="mb-4 text-sm text-muted">{t('help.description')}</p>
      <div className="grid gap-6 sm:grid-cols-2">
        {GROUPS.map((group) => (
          <section key={group} aria-labelledby={`shortcuts-${group}`} className={group === 'general' ? 'sm:row-span-2' : undefined}>
            <h3 id={`shortcuts-${group}`} className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
              {t(`help.groups.${group}`)}
            </h3>
            <dl className="space-y-2">
              {SHORTCUTS.filter((shortcut) => shortcut.group === group).map((shortcut) => (
                <div key={shortcut.id} className="flex items-center justify-between gap-4 text-sm" data-shortcut={shortcut.id}>
                  <dt className="text-fg">{t(`names.${shortcut.id}`)}</dt>
                  <dd>
                    <ShortcutKeys shortcut={shortcut} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
