import { CalendarDays, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../common/schemas/user.schema.ts';
import { Avatar } from '../../components/ui/avatar.tsx';

/** The member-since date in the UI language, or null when the stored date cannot be read. */
export function formatMemberSince(createdAt: string, locale: string): string | null {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}

/** Spec §2: name, e-mail and member-since date of the signed-in user. */
export function ProfileCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation('settings');
  const since = formatMemberSince(user.created_at, i18n.resolvedLanguage ?? 'en');
  return (
    <section aria-labelledby="profile-title" className="overflow-hidden rounded-card border border-line bg-surface" data-section="profile">
      <div aria-hidden className="h-20 bg-[linear-gradient(120deg,var(--brand-soft),var(--surface-2))]" />
      <div className="-mt-10 px-5 pb-6 sm:px-6">
        <Avatar name={user.name} photo={user.user_photo} size="lg" className="border-4 border-surface" />
        <h2 id="profile-title" className="sr-only">
          {t('profile.title')}
        </h2>
        <p className="mt-3 text-xl font-semibold break-words text-fg" data-testid="profile-name">
          {user.name}
        </p>
        <ul className="mt-3 space-y-2 text-sm">
          <li className="flex items-center gap-2 text-muted">
            <Mail aria-hidden className="h-4 w-4 shrink-0" />
            <span className="sr-only">{t('profile.email')}:</span>
            <span className="min-w-0 break-all text-fg" data-testid="profile-email">
              {user.email}
            </span>
          </li>
          {since && (
            <li className="flex items-center gap-2 text-muted">
              <CalendarDays aria-hidden className="h-4 w-4 shrink-0" />
              <span data-testid="profile-member-since">{t('profile.memberSince', { date: since })}</span>
            </li>
          )}
        </ul>
      </div>
    </section>
  );
}
