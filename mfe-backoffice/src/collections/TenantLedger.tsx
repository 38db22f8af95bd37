import { useEffect, useState } from 'react';
import { api, FUNCTIONS_BASE_PATH } from 'shared-api';
import type { BackofficeResponse, LedgerEntry } from 'shared-api/backoffice';
import { formatEuros } from 'shared-i18n';
import { useAsync } from 'shared-ui/async';
import styles from '../Backoffice.module.css';
import { shortDate } from '../format';
import { NoticeArea, useNotice } from '../notice';
import { useStaffSession } from '../session/store';
import { type Column, DataTable } from '../table/DataTable';
import { LoadStatus } from '../table/LoadStatus';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';
import { BankAccountChange } from './BankAccountChange';
import { RefundForm } from './RefundForm';

type Ledger = BackofficeResponse<'get_ledger'>;

/**
 * A tenant's account on their page: every invoice, fee, credit note, payment and return with the
 * balance after it, and what they owe now. Read again when the page is (`version`).
 */
export function TenantLedger({
  registrationId,
  version,
  active,
  onAccountChanged,
}: {
  registrationId: string;
  version: unknown;
  /** A tenancy under way: its rent account can be changed. */
  active: boolean;
  onAccountChanged(): void;
}) {
  const t = useBackofficeT();
  const language = useLanguage();
  const [state, retry] = useAsync(() => api.backoffice('get_ledger', { registrationId }), [registrationId, version]);
  const [ledger, setLedger] = useState<Ledger | null>(null);
  useEffect(() => {
    if (state.state === 'done') setLedger(state.value);
  }, [state]);
  const [notice, announce] = useNotice();
  const manager = useStaffSession((s) => s.staff?.role === 'manager');
  const money = (cents: number) => <span className={styles.amount}>{formatEuros(cents / 100, language)}</span>;
  const columns: Column<LedgerEntry>[] = [
    { id: 'date', header: t('ledger.date'), cell: (e) => shortDate(e.date, language) },
    {
      id: 'concept',
      header: t('ledger.concept'),
      rowHeader: true,
      cell: (e) => t(`ledger.kinds.${e.kind}`, { corrects: e.detail ?? '', reason: e.detail ?? '—' }),
    },
    {
      id: 'reference',
      header: t('ledger.reference'),
      cell: (e) =>
        e.invoiceId ? (
          <a
            href={`${FUNCTIONS_BASE_PATH}/backoffice/invoice?${new URLSearchParams({ id: e.invoiceId })}`}
            download
            aria-label={t('ledger.pdfLabel', { number: e.reference })}
          >
            {e.reference} · {t('ledger.pdf')}
          </a>
        ) : (
          <span className={styles.reference}>{e.reference}</span>
        ),
    },
    { id: 'amount', header: t('ledger.amount'), cell: (e) => money(e.amountCents) },
    { id: 'balance', header: t('ledger.runningBalance'), cell: (e) => money(e.balanceCents) },
  ];
  return (
    <section className={styles.card} aria-labelledby="tenant-ledger">
      <h2 id="tenant-ledger">{t('ledger.heading')}</h2>
      {/* A reading again that failed says so, over the last account shown (which may be out of date). */}
      {ledger && state.state === 'error' && <LoadStatus state={state} onRetry={retry} />}
      {!ledger ? (
        <LoadStatus state={state} onRetry={retry} />
      ) : (
        <>
          <dl className={styles.facts}>
            <dt>{t('ledger.balance')}</dt>
            <dd data-testid="ledger-balance">
              {money(ledger.balanceCents)}
              {ledger.balanceCents < 0 && <span className={styles.muted}> · {t('ledger.inFavour')}</span>}
            </dd>
            <dt>{t('ledger.inCollection')}</dt>
            <dd>{money(ledger.inCollectionCents)}</dd>
            <dt>{t('ledger.payable')}</dt>
            <dd>
              <strong>{money(ledger.payableCents)}</strong>
            </dd>
          </dl>
          {manager && ledger.balanceCents < 0 && (
            <RefundForm
              registrationId={registrationId}
              creditCents={-ledger.balanceCents}
              announce={announce}
              onRecorded={retry}
            />
          )}
          {manager && active && (
            <BankAccountChange registrationId={registrationId} announce={announce} onChanged={onAccountChanged} />
          )}
          <NoticeArea notice={notice} />
          <DataTable
            label={t('ledger.heading')}
            rows={ledger.entries}
            rowKey={(e) => `${e.kind}:${e.reference}:${e.date}:${e.balanceCents}`}
            columns={columns}
            empty={t('ledger.none')}
          />
        </>
      )}
    </section>
  );
}
