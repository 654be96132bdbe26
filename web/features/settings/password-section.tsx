import { KeyRound } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/limits.ts';
import type { User } from '../../../common/schemas/user.schema.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useChangePassword } from '../../lib/api/settings-queries.ts';
import { fieldErrorsOf } from './form-errors.ts';
import { SettingsSection } from './settings-section.tsx';
import { useFocusLater } from './use-focus-later.ts';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { current_password: '', password: '', password_confirmation: '' };

/** Issue 18: a new password, the current one required; every other device is signed out. */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const reveal = { show: t('passwordForm.show'), hide: t('passwordForm.hide') };

  const update = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setChanged(false);
  };

  /** The first field with an error takes focus, so its message is read out. */
  const focusLater = useFocusLater();
  const focusFirstError = (found: Partial<Record<Field, string>>) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) focusLater(() => form.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`));
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const missing: Partial<Record<Field, string>> = {};
    const required: Record<Field, string> = {
      current_password: t('passwordForm.required'),
      password: t('passwordForm.newRequired'),
      password_confirmation: t('passwordForm.confirmRequired'),
    };
    for (const field of FIELDS) if (!values[field]) missing[field] = required[field];
    if (!missing.password && !missing.password_confirmation && values.password !== values.password_confirmation)
      missing.password_confirmation = t('passwordForm.mismatch');
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      focusFirstError(missing);
      return;
    }
    change.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        setChanged(true);
      },
      onError: (caught) => {
        const fields = fieldErrorsOf(caught, FIELDS);
        if (fields) {
          setErrors(fields);
          focusFirstError(fields);
        } else setProblem(errorMessage(caught, t('passwordForm.failed'), t('common:errors.pleaseTryAgain')));
      },
    });
  }

  return (
    <SettingsSection id="password-settings" icon={KeyRound} title={t('passwordForm.title')} description={t('passwordForm.description')}>
      <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4" data-testid="password-form">
        {changed && <Alert tone="success">{t('passwordForm.changed')}</Alert>}
        {problem && <Alert tone="error">{problem}</Alert>}
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <TextField
          label={t('passwordForm.current')}
          name="current_password"
          autoComplete="current-password"
          maxLength={LIMITS.passwordMax}
          value={values.current_password}
          onChange={update('current_password')}
          error={errors.current_password}
          revealable={reveal}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('passwordForm.new')}
            name="password"
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
            value={values.password}
            onChange={update('password')}
            error={errors.password}
            hint={t('passwordForm.hint', { min: LIMITS.passwordMin })}
            revealable={reveal}
          />
          <TextField
            label={t('passwordForm.confirm')}
            name="password_confirmation"
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
            value={values.password_confirmation}
            onChange={update('password_confirmation')}
            error={errors.password_confirmation}
            revealable={reveal}
          />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button type="submit" busy={change.isPending}>
            {t('passwordForm.submit')}
          </Button>
          <p className="text-xs text-muted">{t('passwordForm.othersSignedOut')}</p>
        </div>
      </form>
    </SettingsSection>
  );
}
