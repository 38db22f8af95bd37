import { type FormEvent, type ReactNode, useId, useState } from 'react';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { useBackofficeT } from '../texts';

/** A list's search box (sent on submit, not per key: each search is a query) and its filters. */
export function SearchForm({
  search,
  hint,
  onSearch,
  children,
}: {
  search: string;
  hint: string;
  onSearch(search: string): void;
  children?: ReactNode;
}) {
  const t = useBackofficeT();
  const [text, setText] = useState(search);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search>
      <form className={styles.filters} onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={id}>{t('table.search')}</label>
          <input
            id={id}
            type="search"
            className={controls.control}
            value={text}
            maxLength={100}
            placeholder={hint}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        {children}
        <button type="submit" className={`${controls.secondary} ${controls.compact}`}>
          {t('table.searchSubmit')}
        </button>
      </form>
    </search>
  );
}
