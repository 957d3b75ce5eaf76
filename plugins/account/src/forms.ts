// Form values with a setter per field; the error helpers are the SDK's (useFormErrors, withBlank).
import { useState } from 'react';

/** Form values and a setter per field for inputs (`onChange={set('email')}`). */
export function useFormValues<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const set = (k: keyof T) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value; // read now: React clears currentTarget after the event
    setValues((v) => ({ ...v, [k]: value }));
  };
  return { values, setValues, set };
}

export { useFormErrors, withBlank, type LocationData } from '@headwater/plugin-sdk';
