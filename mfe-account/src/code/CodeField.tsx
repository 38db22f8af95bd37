import type { Ref } from 'react';
import { TextField } from 'shared-ui/text-field';

/** The 6-digit code a person was sent (sign-in, a new contact, an erasure): typed or filled in from the message. */
export function CodeField({
  label,
  value,
  onChange,
  error,
  inputRef,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error: string | null;
  inputRef: Ref<HTMLInputElement>;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      inputRef={inputRef}
      autoComplete="one-time-code"
      inputMode="numeric"
      // Six digits, and a space a person may type in the middle.
      maxLength={7}
      required
    />
  );
}

/** The code as sent (its digits), or null when it is not six of them. */
export function sixDigits(typed: string): string | null {
  const digits = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
