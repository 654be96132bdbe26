import { toNestErrors } from '@hookform/resolvers';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  useForm,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { errorMessage, serverFieldErrors } from '../api-client.ts';

// The one mapping of a failed call's field errors, shared with the static sign-up page.
export { serverFieldErrors, type ServerFieldErrors } from '../http/fetch-core.ts';

/**
 * Every form of the app in one way (docs/architecture.md, Forms): react-hook-form holds the
 * values, the shared zod schema of the call (common/schemas) checks them before anything is sent,
 * and a failed call's `{ message, errors }` (spec §8) lands on the form's fields, the rest above
 * the form. Schema messages are the API's English ones, so they are shown the way the app shows
 * the server's (web/i18n/server-messages.ts): a form says exactly what the server would have.
 */

/** Where a message of a schema or the server goes: a field of the form, or (undefined) above it. */
export type FieldFor<V extends FieldValues> = (path: string, values: V) => FieldPath<V> | undefined;

/** A form's own words for a schema message (keyed by the schema's English), optionally on another field. */
export type Wording<V extends FieldValues> = Record<string, string | { field: FieldPath<V>; message: string }>;

export interface ApiFormOptions<V extends FieldValues, Out> extends Pick<UseFormProps<V>, 'defaultValues' | 'values' | 'resetOptions'> {
  /** The shared schema the values are checked against before sending; none where the server alone validates (sign-up, spec §5). */
  schema?: z.ZodType<Out>;
  /** The schema's input, where it is not the form's values as they are (share dialog: its rows → `email_ids`). */
  toInput?: (values: V) => unknown;
  /**
   * The form field of a schema or server path (`labels.0`, `email_ids.2`). By default the path's
   * first part, when the form has a field of that name; anything else is said above the form.
   */
  fieldFor?: FieldFor<V>;
  /** Where the form words a schema message its own way (settings: 'Enter your name.'). Applies to the form's checks only. */
  wording?: Wording<V>;
  /** Checks the schema does not make (task form: a due date not in the past); they win over the schema on the same field. */
  check?: (values: V) => Partial<Record<FieldPath<V> | 'root', string>>;
}

/** The form-level message of a failure that named none of the form's fields: a fallback text, or the form's own rule. */
export type Failure = string | ((error: unknown) => string);

export interface ApiForm<V extends FieldValues, Out> extends UseFormReturn<V, unknown, Out> {
  /** On the <form>: the first field with an error takes focus, so its message is read out. */
  formRef: React.RefObject<HTMLFormElement | null>;
  /** A field's value, change handler (which clears its error, spec §5) and message, for TextField and the like. */
  field<N extends FieldPath<V>>(
    name: N,
  ): {
    name: N;
    value: PathValue<V, N>;
    onChange(input: PathValue<V, N> | { target: { value: PathValue<V, N> } }): void;
    error: string | undefined;
  };
  fieldError(name: FieldPath<V>): string | undefined;
  /** The message above the form: a failure that named none of its fields, or what its field errors left over. */
  formError: string | undefined;
  /**
   * The <form>'s onSubmit: checks, then `send`s the schema's output; a failure of `send` is merged
   * into the form. `failure` words a failure that named no field (a fallback for errorMessage).
   */
  submit(send: (values: Out) => unknown, failure: Failure): (event?: FormEvent) => void;
}

const firstPart = (path: string) => path.split('.')[0] ?? path;

export function useApiForm<V extends FieldValues, Out = V>(options: ApiFormOptions<V, Out>): ApiForm<V, Out> {
  const { t } = useTranslation();
  // The resolver and the merge read the options of the latest render (their texts follow the language).
  const latest = useRef(options);
  latest.current = options;
  const fieldFor = useCallback<FieldFor<V>>((path, values) => {
    const own = latest.current.fieldFor;
    if (own) return own(path, values);
    const head = firstPart(path);
    const known = latest.current.defaultValues ?? latest.current.values ?? {};
    return Object.hasOwn(known, head) ? (head as FieldPath<V>) : undefined;
  }, []);
  // @hookform/resolvers' zodResolver reads zod 4 schemas too, but files each issue under the
  // schema's path in the schema's English; this is the same parse and nesting (toNestErrors), with
  // each issue on the form's field, in the form's words or the UI language.
  const resolver = useCallback<Resolver<V, unknown, Out>>(
    async (values, _context, resolverOptions) => {
      const { schema, toInput, check, wording } = latest.current;
      const found: Record<string, FieldError> = {};
      const put = (path: string | undefined, type: string, message: string) => {
        const key = path ?? 'root';
        found[key] ??= { type, message };
      };
      for (const [path, message] of Object.entries(check?.(values) ?? {})) if (message) put(path, 'check', message as string);
      let output = values as unknown as Out;
      if (schema) {
        const parsed = await schema.safeParseAsync(toInput ? toInput(values) : values);
        if (parsed.success) output = parsed.data;
        else {
          for (const issue of parsed.error.issues) {
            const own = wording?.[issue.message];
            if (typeof own === 'object') put(own.field, issue.code, own.message);
            else put(fieldFor(issue.path.join('.'), values), issue.code, own ?? translateServerMessage(issue.message));
          }
        }
      }
      if (Object.keys(found).length === 0) return { values: output, errors: {} };
      return { values: {}, errors: toNestErrors(found as FieldErrors<V>, resolverOptions) };
    },
    [fieldFor],
  );
  const form = useForm<V, unknown, Out>({
    defaultValues: options.defaultValues,
    values: options.values,
    resetOptions: options.resetOptions,
    resolver,
    // Errors show on submit and each clears as its field is edited (field() below), as every form did.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // Fields are controlled (TextField takes no ref): focus goes by aria-invalid in the form instead.
    shouldFocusError: false,
  });
  const { errors } = form.formState;

  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const fieldError = (name: FieldPath<V>) => {
    const error = name.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors) as
      FieldError | undefined;
    return typeof error?.message === 'string' && error.message ? error.message : undefined;
  };

  /** Merges a failed call into the form; true when a field got a message. */
  const merge = (error: unknown, failure: Failure, values: V) => {
    const { fields, rest } = serverFieldErrors(error, (path) => fieldFor(path, values));
    for (const [name, message] of fields) form.setError(name, { type: 'server', message });
    const above =
      fields.length > 0
        ? rest.join(' ')
        : typeof failure === 'function'
          ? failure(error)
          : errorMessage(error, failure, t('common:errors.pleaseTryAgain'));
    if (above) form.setError('root', { type: 'server', message: above });
    return fields.length > 0;
  };

  return {
    ...form,
    formRef,
    field: (name) => ({
      name,
      value: form.watch(name),
      error: fieldError(name),
      onChange: (input) => {
        const value = typeof input === 'object' && input !== null && 'target' in input ? input.target.value : input;
        form.setValue(name, value, { shouldDirty: true });
        if (fieldError(name)) form.clearErrors(name);
      },
    }),
    fieldError,
    formError: errors.root?.message,
    submit: (send, failure) => (event) => {
      let invalidField = false;
      void form
        .handleSubmit(
          async (output) => {
            const values = form.getValues();
            try {
              await send(output);
            } catch (error) {
              invalidField = merge(error, failure, values);
            }
          },
          (found) => {
            invalidField = Object.keys(found).some((key) => key !== 'root');
          },
        )(event)
        // Once the errors are set (their render is queued before this one), the first invalid field takes focus.
        .then(() => invalidField && setFocusRequest((n) => n + 1));
    },
  };
}
