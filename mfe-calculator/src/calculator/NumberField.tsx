import { useEffect, useState } from 'react';

interface Props {
  id: string;
  label: string;
  value: number;
  parse: (text: string) => number;
  onChange: (value: number) => void;
  min: number;
  step: number;
  integer?: boolean;
  className?: string;
}

/**
 * A number input that lets the visitor type freely ("1." on the way to "1.5") while the list
 * always holds a parsed number; the text settles to that number when the field is left.
 */
export function NumberField({ id, label, value, parse, onChange, min, step, integer = false, className }: Props) {
  const [text, setText] = useState(String(value));
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(String(value));
  }, [value, editing]);
  return (
    <label className={className} htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        type="number"
        inputMode={integer ? 'numeric' : 'decimal'}
        min={min}
        step={step}
        value={text}
        onFocus={() => setEditing(true)}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parse(event.target.value));
        }}
        onBlur={() => {
          setEditing(false);
          setText(String(parse(text)));
        }}
      />
    </label>
  );
}
