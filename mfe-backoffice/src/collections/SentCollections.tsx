import { useEffect, useId, useState } from 'react';
import { ApiError, api } from 'shared-api';
import { RETURN_REASON_CODES, type ReturnReasonCode, type SentCollection } from 'shared-api/backoffice';
import { formatEuros, type Language } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { failureText } from '../errors';
import { NoticeArea, useNotice } from '../notice';
import { type Column, DataTable } from '../table/DataTable';
import { useBackofficeT } from '../texts';

/** One sent collection's result by hand: paid, or returned with the reason the bank gave. */
function ResultControls({
  collection,
  busy,
  onRecord,
}: {
  collection: SentCollection;
  busy: boolean;
  onRecord(outcome: 'paid' | 'returned', reason?: ReturnReasonCode): void;
}) {
  const t = useBackofficeT();
  const [reason, setReason] = useState<ReturnReasonCode | ''>('');
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={`${controls.secondary} ${controls.compact}`}
        disabled={busy}
        aria-label={t('collections.paidLabel', { name: collection.debtorName })}
        onClick={() => onRecord('paid')}
      >
        {t('collections.paid')}
      </button>
      {/* Returned and not presented again: all that can happen now is that it is paid. */}
      {!collection.returned && (
        <>
          <select
            aria-label={t('collections.reasonLabel', { name: collection.debtorName })}
            className={`${controls.control} ${controls.compact}`}
            value={reason}
            onChange={(event) => setReason(event.target.value as ReturnReasonCode | '')}
          >
            <option value="">{t('collections.reasonChoose')}</option>
            {RETURN_REASON_CODES.map((code) => (
              <option key={code} value={code}>
                {code} · {t(`collections.reasons.${code}`)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={`${controls.danger} ${controls.compact}`}
            disabled={busy || !reason}
            aria-label={t('collections.returnedLabel', { name: collection.debtorName })}
            onClick={() => reason && onRecord('returned', reason)}
          >
            {t('collections.returned')}
          </button>
        </>
      )}
    </div>
  );
}

/** The collections sent to the bank with no answer yet, and the import of the bank's report. */
export function SentCollections({
  sent,
  language,
  shortDate,
  onChanged,
}: {
  sent: SentCollection[];
  language: Language;
  shortDate(date: string): string;
  onChanged(): void;
}) {
  const t = useBackofficeT();
  // Its own messages, next to the import and the results: on a phone the page's are far above.
  const [notice, announce] = useNotice();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a message is gone when the language changes
  useEffect(() => announce(null), [language]);
  const fileId = useId();
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  // A new input after each import: the browser's own still shows the file imported.
  const [fileInput, setFileInput] = useState(0);

  const record = async (collection: SentCollection, outcome: 'paid' | 'returned', reason?: ReturnReasonCode) => {
    setBusy(true);
    try {
      const { recorded } = await api.backoffice('record_collection_result', {
        rentPeriodId: collection.rentPeriodId,
        outcome,
        ...(reason ? { reason } : {}),
      });
      announce({ tone: 'ok', text: t(`collections.recorded.${recorded}`, { name: collection.debtorName }) });
      onChanged();
    } catch (error) {
      announce({ tone: 'error', text: failureText(t, error) });
    } finally {
      setBusy(false);
    }
  };

  const importReport = async () => {
    if (!file) {
      announce({ tone: 'error', text: t('collections.importChoose') });
      return;
    }
    setBusy(true);
    try {
      const { messageId, counts } = await api.importBankReport(file, file.name);
      announce({
        tone: 'ok',
        text: t('collections.imported', {
          id: messageId,
          paid: counts.paid ?? 0,
          returned: (counts.returned ?? 0) + (counts.retry ?? 0),
          retry: counts.retry ?? 0,
          unchanged: (counts.unchanged ?? 0) + (counts.unknown ?? 0),
        }),
      });
      setFile(null);
      setFileInput((n) => n + 1);
      onChanged();
    } catch (error) {
      // A file the server could not read: its answer says where (the line, the element).
      const unreadable = error instanceof ApiError && error.status === 422;
      announce({
        tone: 'error',
        text: unreadable ? t('collections.importRefused', { detail: error.message }) : failureText(t, error),
      });
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<SentCollection>[] = [
    {
      id: 'tenant',
      header: t('collections.tenant'),
      rowHeader: true,
      cell: (c) => (
        <>
          {c.debtorName} {/* Two tenants may share a name: the registration code tells them apart. */}
          <span className={styles.muted}>{c.registrationCode}</span>
          {c.returned && (
            <>
              <br />
              <span className={styles.badge}>
                {t('collections.returnedSince', {
                  reason: c.returned.reason ?? '—',
                  since: shortDate(c.returned.since),
                })}
              </span>
            </>
          )}
        </>
      ),
    },
    { id: 'date', header: t('collections.date'), cell: (c) => shortDate(c.dueDate) },
    { id: 'amount', header: t('collections.amount'), cell: (c) => formatEuros(c.amountCents / 100, language) },
    { id: 'remittance', header: t('collections.remittance'), cell: (c) => c.remittanceMessageId ?? '—' },
    {
      id: 'result',
      header: t('collections.result'),
      cell: (c) => <ResultControls collection={c} busy={busy} onRecord={(o, r) => void record(c, o, r)} />,
    },
  ];

  return (
    <section aria-labelledby="collections-sent">
      <h2 id="collections-sent">{t('collections.sentHeading')}</h2>
      <form
        className={`${styles.filters} ${styles.inlineForm}`}
        onSubmit={(event) => {
          event.preventDefault();
          void importReport();
        }}
      >
        <div className={styles.field}>
          <label htmlFor={fileId}>{t('collections.importLabel')}</label>
          <input
            key={fileInput}
            id={fileId}
            type="file"
            accept=".xml,application/xml,text/xml"
            className={controls.control}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <button type="submit" className={`${controls.secondary} ${controls.compact}`} disabled={busy}>
          {t('collections.import')}
        </button>
      </form>
      <NoticeArea notice={notice} />
      <DataTable
        label={t('collections.sentHeading')}
        rows={sent}
        rowKey={(c) => c.rentPeriodId}
        columns={columns}
        empty={t('collections.noneSent')}
      />
    </section>
  );
}
