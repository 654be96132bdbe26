import { useQuery } from '@tanstack/react-query';
import { Check, ChevronRight, File as FileIcon, FileText, Film, Folder, Image as ImageIcon, Link2, RotateCw, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DRIVE_FILTERS, type DriveFilter, type DriveItem } from '../../../common/schemas/drive.schema.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { inputClasses } from '../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { driveFilesQuery, useAttachFromDrive } from '../../lib/api/drive-queries.ts';
import { cx } from '../../lib/class-names.ts';
import { fileSizeText } from '../../../common/file-size.ts';

const ICONS = { folder: Folder, image: ImageIcon, document: FileText, video: Film, other: FileIcon } as const;

/** The folders above `path`, each with its own path: "/a/b" → [["a", "/a"], ["b", "/a/b"]]. */
function crumbs(path: string): Array<[string, string]> {
  const parts = path.split('/').filter(Boolean);
  return parts.map((part, index) => [part, `/${parts.slice(0, index + 1).join('/')}`]);
}

/**
 * Issue 24: the connected drive, browsed from a task: folders, the spec's filters (folders, all
 * files, images, documents, videos, other), a search under the folder shown, and each file
 * attached as a copy (kept here, like an upload) or as a link to it on the drive.
 */
export default function DrivePicker({ taskId, onClose }: { taskId: number; onClose(): void }) {
  const { t, i18n } = useTranslation('files');
  const [path, setPath] = useState('/');
  const [filter, setFilter] = useState<DriveFilter>('all');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [attached, setAttached] = useState<Record<string, 'copy' | 'link'>>({});
  const searchId = useId();
  // The search waits for a pause in typing: each one walks the drive's folders.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 350);
    return () => clearTimeout(timer);
  }, [typed]);
  const listing = useQuery(driveFilesQuery(path, filter, search));
  const attach = useAttachFromDrive(taskId);
  const notConnected = listing.error instanceof ApiError && listing.error.status === 409;

  const open = (folder: string) => {
    setPath(folder);
    setTyped('');
    setSearch('');
  };

  // The buttons pressed give way to "Attached": focus goes to that word, not lost to the page.
  const justAttached = useRef<string | null>(null);
  const send = (item: DriveItem, mode: 'copy' | 'link') =>
    attach.mutate(
      { path: item.path, mode },
      {
        onSuccess: () => {
          justAttached.current = item.path;
          setAttached((done) => ({ ...done, [item.path]: mode }));
        },
      },
    );
  const focusIfJustAttached = (path: string) => (element: HTMLElement | null) => {
    if (element && justAttached.current === path) {
      justAttached.current = null;
      element.focus();
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      placement="top"
      title={t('drive.title')}
      closeLabel={t('common:actions.close')}
      testId="drive-picker"
    >
      {notConnected ? (
        <div className="space-y-3 text-sm" data-testid="drive-not-connected">
          <p>{t('drive.notConnected')}</p>
          <Link to="/settings#integrations" className="font-medium text-brand-strong underline" onClick={onClose}>
            {t('drive.openSettings')}
          </Link>
        </div>
      ) : (
        <div className="space-y-3">
          <nav aria-label={t('drive.folders')} className="flex flex-wrap items-center gap-1 text-sm">
            <button
              type="button"
              onClick={() => open('/')}
              className="rounded-control px-1.5 py-1 font-medium hover:bg-surface-2"
              aria-current={path === '/' ? 'page' : undefined}
            >
              {t('drive.root')}
            </button>
            {crumbs(path).map(([name, folder]) => (
              <span key={folder} className="flex items-center gap-1">
                <ChevronRight aria-hidden className="rtl-mirror h-4 w-4 text-muted" />
                <button
                  type="button"
                  onClick={() => open(folder)}
                  dir="auto"
                  className="rounded-control px-1.5 py-1 hover:bg-surface-2"
                  aria-current={folder === path ? 'page' : undefined}
                >
                  {name}
                </button>
              </span>
            ))}
          </nav>

          <div className="relative">
            <label htmlFor={searchId} className="sr-only">
              {t('drive.search')}
            </label>
            <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
            <input
              id={searchId}
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={t('drive.search')}
              className={cx(inputClasses, 'ps-9')}
              data-testid="drive-search"
            />
          </div>

          <div role="group" aria-label={t('drive.filter')} className="flex flex-wrap gap-1.5">
            {DRIVE_FILTERS.map((key) => (
              <button
                key={key}
                type="button"
                aria-pressed={filter === key}
                onClick={() => setFilter(key)}
                className={cx(
                  'tap-target rounded-full border px-3 py-1 text-xs font-medium',
                  filter === key ? 'border-brand bg-brand-soft text-brand-strong' : 'border-line text-muted hover:text-fg',
                )}
              >
                {t(`drive.filters.${key}`)}
              </button>
            ))}
          </div>

          {listing.isPending ? (
            <div className="space-y-2">
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-11 w-full" />
            </div>
          ) : listing.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 rounded-control bg-danger-soft px-4 py-3 text-sm text-danger">
              <span className="flex-1">{errorMessage(listing.error, t('drive.loadFailed'), t('common:errors.pleaseTryAgain'))}</span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void listing.refetch()}
                icon={<RotateCw aria-hidden className="h-3.5 w-3.5" />}
              >
                {t('common:actions.tryAgain')}
              </Button>
            </div>
          ) : listing.data.items.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted">{search ? t('drive.nothingFound') : t('drive.empty')}</p>
          ) : (
            <ul
              className={cx('space-y-1', listing.isPlaceholderData && 'opacity-60')}
              data-testid="drive-items"
              aria-busy={listing.isFetching}
            >
              {listing.data.items.map((item) => {
                const Icon = ICONS[item.category];
                const done = attached[item.path];
                return (
                  <li key={item.path} className="flex items-center gap-3 rounded-control border border-line p-2" data-testid="drive-item">
                    <Icon aria-hidden className="h-5 w-5 shrink-0 text-muted" />
                    {item.kind === 'folder' ? (
                      <button
                        type="button"
                        onClick={() => open(item.path)}
                        dir="auto"
                        className="min-w-0 flex-1 truncate text-start text-sm font-medium hover:underline"
                      >
                        {item.name}
                      </button>
                    ) : (
                      <div className="min-w-0 flex-1">
                        <p dir="auto" className="truncate text-sm font-medium">
                          {item.name}
                        </p>
                        <p className="truncate text-xs text-muted">
                          {[
                            item.size !== null ? fileSizeText(item.size, i18n.language) : null,
                            item.modified
                              ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(item.modified))
                              : null,
                            search && item.path !== `${path.replace(/\/$/, '')}/${item.name}` ? item.path : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </p>
                      </div>
                    )}
                    {item.kind === 'file' &&
                      (done ? (
                        <span
                          ref={focusIfJustAttached(item.path)}
                          tabIndex={-1}
                          className="flex items-center gap-1 rounded-control text-xs font-medium text-success focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                          data-testid="drive-attached"
                        >
                          <Check aria-hidden className="h-4 w-4" />
                          {t(done === 'copy' ? 'drive.attachedCopy' : 'drive.attachedLink')}
                        </span>
                      ) : (
                        <span className="flex shrink-0 gap-1">
                          <Button
                            variant="outline"
                            size="sm"
                            onClick={() => send(item, 'copy')}
                            disabled={attach.isPending}
                            aria-label={t('drive.attachCopyOf', { name: item.name })}
                          >
                            {t('drive.attachCopy')}
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            icon={<Link2 aria-hidden className="h-4 w-4" />}
                            onClick={() => send(item, 'link')}
                            disabled={attach.isPending}
                            aria-label={t('drive.attachLinkTo', { name: item.name })}
                          >
                            <span className="max-sm:sr-only">{t('drive.attachLink')}</span>
                          </Button>
                        </span>
                      ))}
                  </li>
                );
              })}
            </ul>
          )}
          {listing.data?.truncated && <p className="text-xs text-muted">{t('drive.truncated')}</p>}
          {attach.isError && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(attach.error, t('errors.upload'), t('common:errors.pleaseTryAgain'))}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
