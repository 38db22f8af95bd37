import styles from './Door.module.css';

/**
 * A form's error, inside the form and tied to it (the form's aria-describedby): on a phone the
 * error shows where the person is typing. In the page from the start, so that what is put in it
 * is announced.
 */
export function FormError({ id, text }: { id: string; text: string | null | undefined }) {
  return (
    <div role="alert" id={id}>
      {text ? <p className={styles.error}>{text}</p> : null}
    </div>
  );
}
