import { MailWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { resendVerification } from './auth-api.ts';

type Resend = { state: 'idle' } | { state: 'busy' } | { state: 'sent' } | { state: 'failed'; message: string };

/**
 * Issue 18: until the address is proven, shares to it do not reach the account. A quiet note at
 * the top of every signed-in screen, with a way to have the link mailed again (rate-limited).
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const { t } = useTranslation(['account', 'auth']);
  const [resend, setResend] = useState<Resend>({ state: 'idle' });
  const headingId = useId();

  async function send() {
    setResend({ state: 'busy' });
    try {
      await resendVerification();
      setResend({ state: 'sent' });
    } catch (error) {
      setResend({ state: 'failed', message: errorMessage(error, t('auth:login.unexpected'), '').trim() });
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="verify-email-banner"
      className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-card border border-brand/25 bg-brand-soft/60 px-3.5 py-2.5 text-sm sm:px-4"
    >
      <MailWarning aria-hidden className="h-5 w-5 shrink-0 text-brand-strong" />
      <div className="min-w-0 flex-1 basis-48">
        <p id={headingId} className="font-medium text-fg">
          {t('verify.banner')}
        </p>
        <p className="hidden text-xs break-words text-muted sm:block">{t('verify.bannerSentTo', { email: `\u2068${email}\u2069` })}</p>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 ms-8 sm:ms-0">
        {/* Announced when it changes: the outcome of a resend. */}
        <p
          role="status"
          data-testid="verify-email-status"
          className={cx(
            'text-xs',
            resend.state === 'failed' ? 'text-danger' : 'text-success',
            resend.state !== 'sent' && resend.state !== 'failed' && 'sr-only',
          )}
        >
          {resend.state === 'sent' ? t('verify.resent') : resend.state === 'failed' ? <bdi>{resend.message}</bdi> : ''}
        </p>
        <Button variant="outline" size="sm" busy={resend.state === 'busy'} onClick={() => void send()}>
          {t('verify.resend')}
        </Button>
      </div>
    </section>
  );
}
