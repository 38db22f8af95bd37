import { type FormEvent, useId, useRef, useState } from 'react';
import {
  ApiError,
  api,
  DOCUMENT_ACCEPT_ATTRIBUTE,
  hasAcceptedExtension,
  MAX_DOCUMENT_BYTES,
  type UploadType,
} from 'shared-api';
import controls from 'shared-ui/controls.module.css';
import styles from '../Account.module.css';
import type { Tenancy } from '../tenancy/tenancy';
import { useAccountT } from '../texts';

type AskedDocument = Tenancy['documents'][number];

/**
 * A document of the sign-up staff could not accept after the move-in: why, and a new one from
 * here (the door opens again once staff accept it). One uploaded waits for their review.
 */
export function DocumentsSection({
  registrationId,
  documents,
  onChanged,
}: {
  registrationId: string;
  documents: AskedDocument[];
  onChanged(): void;
}) {
  const t = useAccountT();
  const headingId = useId();
  return (
    <section className={styles.notice} aria-labelledby={headingId}>
      <h3 id={headingId}>{t('documents.heading')}</h3>
      {documents.map((document) => (
        <AskedDocumentForm
          key={document.documentType}
          registrationId={registrationId}
          document={document}
          onChanged={onChanged}
        />
      ))}
    </section>
  );
}

function AskedDocumentForm({
  registrationId,
  document,
  onChanged,
}: {
  registrationId: string;
  document: AskedDocument;
  onChanged(): void;
}) {
  const t = useAccountT();
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const name = t(`documents.names.${document.documentType as UploadType}`);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    const problem = !file
      ? t('documents.missing')
      : !hasAcceptedExtension(file.name)
        ? t('documents.format')
        : file.size > MAX_DOCUMENT_BYTES
          ? t('documents.tooLarge')
          : null;
    if (problem || !file) {
      setError(problem);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.replaceTenantDocument(registrationId, document.documentType, file, file.name);
      setMessage(t('documents.sent', { name }));
      onChanged();
    } catch (caught) {
      const status = caught instanceof ApiError ? caught.status : 0;
      // The server read the file and refused it (not a real PDF or image, or one it cannot open),
      // found it too large, or the document no longer waits for a new one (approved meanwhile).
      setError(
        status === 415 || status === 400
          ? t('documents.unreadable')
          : status === 413
            ? t('documents.tooLarge')
            : caught instanceof ApiError && caught.code === 'document_not_requested'
              ? t('documents.notRequested')
              : t('actionFailed'),
      );
      if (caught instanceof ApiError && caught.code === 'document_not_requested') onChanged();
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.form} data-testid={`asked-${document.documentType}`}>
      <p>
        <strong>{name}</strong>:{' '}
        {document.status === 'rejected'
          ? t('documents.rejected', { reason: document.reason ?? '' })
          : t('documents.pending')}
      </p>
      {document.status === 'rejected' && (
        <form onSubmit={send} noValidate className={styles.form}>
          <label htmlFor={inputId}>{t('documents.choose', { name })}</label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={DOCUMENT_ACCEPT_ATTRIBUTE}
            className={controls.control}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
          />
          {error ? (
            <p id={`${inputId}-error`} className={styles.error}>
              {error}
            </p>
          ) : (
            <p id={`${inputId}-hint`} className={styles.muted}>
              {t('documents.hint')}
            </p>
          )}
          <button type="submit" className={controls.primary} disabled={busy}>
            {busy ? t('documents.sending') : t('documents.send')}
          </button>
        </form>
      )}
      <div role="status" aria-live="polite">
        {message && <p className={styles.ok}>{message}</p>}
      </div>
    </div>
  );
}
