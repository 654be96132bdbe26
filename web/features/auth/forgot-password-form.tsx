import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordInput } from '../../../common/schemas/account.schema.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { useApiForm } from '../../lib/forms/use-api-form.ts';
import { forgotPassword } from './auth-api.ts';
import { authFailure } from './auth-failure.ts';

/**
 * POST /api/user/forgot-password. The answer is the same whether or not the address has an
 * account (issue 18), so the form only ever says a link is on its way if there is one.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation(['account', 'auth']);
  const form = useApiForm<{ email: string }>({ schema: ForgotPasswordInput, defaultValues: { email: '' } });
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = form.submit(
    async ({ email }) => {
      setSent(translateServerMessage(await forgotPassword(email)));
    },
    authFailure(t('auth:login.unexpected')),
  );

  if (sent) {
    return (
      <div className="space-y-3" data-testid="forgot-sent">
        <Alert tone="success">{sent}</Alert>
        <p className="text-sm text-muted">{t('forgot.sentNote')}</p>
      </div>
    );
  }

  return (
    <form ref={form.formRef} method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <TextField
        label={t('auth:login.email')}
        type="email"
        {...form.field('email')}
        autoComplete="email"
        inputMode="email"
        placeholder={t('auth:login.emailPlaceholder')}
      />
      <Button type="submit" size="lg" className="w-full" busy={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
    </form>
  );
}
