import { useEffect, useState } from 'react';
import { formatDecimal, type Language } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';

interface Props {
  id: string;
  label: string;
  value: number;
  parse: (text: string) => number;
  onChange: (value: number) => void;
  integer?: boolean;
  className?: string;
  language: Language;
}

/**
 * A number input that lets the visitor type freely ("1," on the way to "1,5") while the list
 * always holds a parsed number; the text settles to that number, written the page's way, when
 * the field is left. A text input with a decimal keypad, not `type="number"`: Chromium's number
 * input drops a decimal comma, so a Spanish "1,5" became 15.
 */
export function NumberField({ id, label, value, parse, onChange, integer = false, className, language }: Props) {
  const show = (n: number) => formatDecimal(n, language);
  const [text, setText] = useState(show(value));
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(formatDecimal(value, language));
  }, [value, editing, language]);
  return (
    <label className={className} htmlFor={id}>
      <span>{label}</span>
      <input
        className={controls.control}
        id={id}
        type="text"
        inputMode={integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={text}
        onFocus={() => setEditing(true)}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parse(event.target.value));
        }}
        onBlur={() => {
          setEditing(false);
          setText(show(parse(text)));
        }}
      />
    </label>
  );
}
