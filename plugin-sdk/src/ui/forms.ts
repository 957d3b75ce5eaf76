// Form helpers shared by the account and admin pages: field errors from the client rules or the
// server's errors map, and the summary line 'Please fix the errors below and try again.'
// (spec 1 §5, spec 3 §5, §8); the registration/profile location lists.
import { useCallback, useState } from 'react';
import type { FieldErrorMap } from '../accounts.ts';
import { ApiError } from '../api/client.ts';
import { MESSAGES } from '../messages.ts';

export function useFormErrors() {
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [summary, setSummary] = useState<unknown>();
  /** True when the client rules pass; otherwise shows the errors and the summary. */
  const check = useCallback((found: FieldErrorMap) => {
    setErrors(found);
    const ok = Object.keys(found).length === 0;
    setSummary(ok ? undefined : MESSAGES.fixErrors);
    return ok;
  }, []);
  /** A server answer: field errors go to their fields, anything else to the summary. */
  const fromServer = useCallback((err: unknown) => {
    if (err instanceof ApiError && Object.keys(err.fieldErrors).length && !err.fieldErrors['']) {
      setErrors(err.fieldErrors);
      setSummary(MESSAGES.fixErrors);
    } else {
      setErrors({});
      setSummary(err);
    }
  }, []);
  const clear = useCallback(() => {
    setErrors({});
    setSummary(undefined);
  }, []);
  const of = (field: string) => errors[field]?.join(' ');
  return { errors, summary, check, fromServer, clear, of };
}

export type LocationData = { countries: string[]; states: string[]; organizationCategories: string[] };

export const withBlank = (list: string[] | undefined, placeholder = 'Select…') => [{ value: '', label: placeholder }, ...(list ?? []).map((v) => ({ value: v, label: v }))];
