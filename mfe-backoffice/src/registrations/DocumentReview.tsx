import { type FormEvent, useId, useState } from 'react';
import { api, FUNCTIONS_BASE_PATH, type UploadType } from 'shared-api';
import type { ReviewedDocument } from 'shared-api/backoffice';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { formatDateTime } from '../format';
import { type Notice, useStaffAction } from '../notice';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';

/** One document: seen inline (streamed to staff only), approved, or rejected with a reason. */
export function DocumentReview({
  registrationId,
  registrationCode,
  documentType,
  document,
  settled,
  tenant = false,
  onReviewed,
  announce,
}: {
  registrationId: string;
  registrationCode: string;
  documentType: UploadType;
  document: ReviewedDocument | undefined;
  /** The rental ended: its documents are kept as they are. */
  settled: boolean;
  /** Moved in (or about to): a rejection shuts their door until a new one is approved. */
  tenant?: boolean;
  onReviewed(document: ReviewedDocument): void;
  announce(notice: Notice): void;
}) {
  const t = useBackofficeT();
  const language = useLanguage();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { busy, run } = useStaffAction(announce);
  const ids = { reason: useId(), reasonError: useId(), heading: useId() };
  const name = t(`detail.documentNames.${documentType}`);

  const review = async (decision: 'approve' | 'reject') => {
    if (busy) return;
    await run(
      () =>
        api.backoffice('review_document', {
          registrationId,
          documentType,
          decision,
          ...(decision === 'reject' ? { reason: reason.trim() } : {}),
        }),
      ({ document: reviewed }) => {
        onReviewed(reviewed);
        setRejecting(false);
        return t(decision === 'approve' ? 'detail.approved' : 'detail.rejected', { name });
      },
    );
  };
  const submitRejection = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setReasonError(t('detail.rejectReasonRequired'));
    setReasonError(null);
    void review('reject');
  };

  const url = `${FUNCTIONS_BASE_PATH}/backoffice/document?${new URLSearchParams({ registrationId, documentType })}`;
  return (
    <section className={styles.document} aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>{name}</h3>
      {!document ? (
        <p className={styles.muted}>{t('detail.noDocument')}</p>
      ) : (
        <>
          <p>
            <span className={styles.badge} data-review={document.reviewStatus}>
              {t(`detail.reviewStatus.${document.reviewStatus}`)}
            </span>{' '}
            {document.reviewedBy && (
              <span className={styles.muted}>
                {t('detail.reviewedBy', {
                  status: t(`detail.reviewStatus.${document.reviewStatus}`),
                  who: document.reviewedBy,
                })}{' '}
                · {formatDateTime(document.reviewedAt, language)}
              </span>
            )}
          </p>
          {document.rejectionReason && (
            <p className={styles.muted}>{t('detail.rejectionReason', { reason: document.rejectionReason })}</p>
          )}
          {document.reviewStatus === 'pending' && document.previousRejectionReason && (
            <p className={styles.fresh} data-testid={`resubmitted-${documentType}`}>
              {t('detail.resubmitted', {
                date: formatDateTime(document.uploadedAt, language),
                reason: document.previousRejectionReason,
              })}
            </p>
          )}
          {/* The URL carries the upload time: a new file is fetched, not the cached view of the old one. */}
          {document.contentType.startsWith('image/') ? (
            <img
              className={styles.documentView}
              src={`${url}&v=${encodeURIComponent(document.uploadedAt)}`}
              alt={t('detail.documentFrame', { name, code: registrationCode })}
              loading="lazy"
            />
          ) : (
            <iframe
              className={styles.documentView}
              src={`${url}&v=${encodeURIComponent(document.uploadedAt)}`}
              title={t('detail.documentFrame', { name, code: registrationCode })}
              loading="lazy"
            />
          )}
          <p>
            <a href={url} target="_blank" rel="noopener">
              {t('detail.openDocument')}
            </a>
          </p>
          {settled ? null : rejecting ? (
            <form className={styles.form} onSubmit={submitRejection} noValidate>
              <div className={styles.field}>
                <label htmlFor={ids.reason}>{t('detail.rejectReason')}</label>
                {tenant && <p className={styles.muted}>{t('detail.rejectTenant')}</p>}
                <textarea
                  id={ids.reason}
                  className={controls.control}
                  value={reason}
                  maxLength={300}
                  rows={2}
                  aria-invalid={reasonError ? true : undefined}
                  aria-describedby={reasonError ? ids.reasonError : undefined}
                  onChange={(event) => setReason(event.target.value)}
                />
                {reasonError && (
                  <p id={ids.reasonError} className={styles.error}>
                    {reasonError}
                  </p>
                )}
              </div>
              <div className={styles.actions}>
                <button type="submit" className={`${controls.danger} ${controls.compact}`} disabled={busy}>
                  {t('detail.rejectSubmit')}
                </button>
                <button
                  type="button"
                  className={`${controls.secondary} ${controls.compact}`}
                  onClick={() => setRejecting(false)}
                >
                  {t('detail.cancel')}
                </button>
              </div>
            </form>
          ) : (
            <div className={styles.actions}>
              <button
                type="button"
                className={`${controls.primary} ${controls.compact}`}
                disabled={busy || document.reviewStatus === 'approved'}
                aria-label={`${t('detail.approve')}: ${name}`}
                onClick={() => void review('approve')}
              >
                {t('detail.approve')}
              </button>
              <button
                type="button"
                className={`${controls.secondary} ${controls.compact}`}
                disabled={busy}
                aria-label={`${t('detail.reject')}: ${name}`}
                onClick={() => setRejecting(true)}
              >
                {t('detail.reject')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
