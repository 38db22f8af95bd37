import { type InputHTMLAttributes, type Ref, useId } from 'react';
import controls from './controls.module.css';
import styles from './text-field.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

/**
 * A labelled text field: its hint and its error, when it has them, under it and named by it
 * (aria-describedby, aria-invalid), or a message shown elsewhere (`describedBy`, a form's summary).
 * Controlled (`value`, `onChange`), or left to the browser (neither, read through `inputRef`): a
 * field the server renders keeps what is typed before the scripts, which React would reset.
 */
export function TextField({
  label,
  value,
  onChange,
  error,
  invalid,
  describedBy,
  inputRef,
  hint,
  id: givenId,
  ...input
}: InputProps & {
  label: string;
  value?: string;
  onChange?(value: string): void;
  /** Shown under the field, which it describes. */
  error?: string | null | undefined;
  /** What to type, under the label's field until an error takes its place. */
  hint?: string | undefined;
  /** Invalid with its message elsewhere (`describedBy`). */
  invalid?: boolean;
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  id?: string;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = error ? errorId : hint ? hintId : describedBy;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        className={controls.control}
        value={value}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={described}
        onChange={onChange && ((event) => onChange(event.target.value))}
      />
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className={styles.hint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}
