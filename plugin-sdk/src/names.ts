// The name rule of spec 1 §5 (projects) that scenarios follow too (spec 2 §5): required,
// fewer than 100 characters, at least one letter or number. Pure TypeScript.

export const NAME_MESSAGES = {
  required: 'Required',
  tooLong: 'Must be fewer than 100 characters',
  needsAlnum: 'Must contain at least one letter or number',
} as const;

export const NAME_MAX_LENGTH = 100;

/** The problem with a name, or null. `required` replaces the empty-name message (e.g. 'Please provide a name for the project.'). */
export function validateName(name: string, required: string = NAME_MESSAGES.required): string | null {
  const v = name.trim();
  if (!v) return required;
  if (v.length >= NAME_MAX_LENGTH) return NAME_MESSAGES.tooLong;
  if (!/[\p{L}\p{N}]/u.test(v)) return NAME_MESSAGES.needsAlnum;
  return null;
}
