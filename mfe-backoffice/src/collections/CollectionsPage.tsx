import { type FormEvent, useEffect, useState } from 'react';
import { api, FUNCTIONS_BASE_PATH } from 'shared-api';
import type { ArrearsSettingsForm, DueCollection, Remittance, SentCollection } from 'shared-api/backoffice';
import { formatEuros } from 'shared-i18n';
import { Link } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Backoffice.module.css';
import { failureText } from '../errors';
import { formatDateTime, shortDate } from '../format';
import { NoticeArea, useNotice } from '../notice';
import { backofficePath } from '../routes';
import { type Column, DataTable } from '../table/DataTable';
import { LoadStatus } from '../table/LoadStatus';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';
import { ArrearsList } from './ArrearsList';
import { ArrearsRules } from './ArrearsRules';
import { SentCollections } from './SentCollections';

/**
 * Managers send the rent to the bank: the collections due by a date, then one pain.008 file of them
 * (kept, downloadable again), and the remittances made before.
 */
export function CollectionsPage() {
  const t = useBackofficeT();
  const language = useLanguage();
  const [notice, announce] = useNotice();
  // The first list is the service's default (a week ahead by its clock, not this computer's); the
  // field shows that date once it is known, and a date chosen replaces it.
  const [dueBy, setDueBy] = useState('');
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [data, setData] = useState<{
    dueBy: string;
    collections: DueCollection[];
    listHash: string;
    sent: SentCollection[];
    remittances: Remittance[];
    arrears: ArrearsSettingsForm;
  } | null>(null);
  // A reload (after a remittance, a result, new rules) keeps the date on screen, not a new default.
  const [state, retry] = useAsync(() => api.backoffice('list_collections', { dueBy: chosen ?? data?.dueBy }), [chosen]);
  useEffect(() => {
    if (state.state !== 'done') return;
    setData(state.value);
    setDueBy((typed) => typed || state.value.dueBy);
  }, [state]);
  // A message is in the language it was written in: gone when the screen changes language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of language
  useEffect(() => announce(null), [language]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (dueBy) setChosen(dueBy);
  };
  const total = (data?.collections ?? []).reduce((sum, c) => sum + c.amountCents, 0);
  // A list on screen while another is read (a new date, after a remittance) or could not be read
  // again may not be what the bank would get: said so, and no remittance is made from it.
  const current = state.state === 'done';

  const makeRemittance = async () => {
    if (busy || !current || !data?.collections.length) return;
    const count = data.collections.length;
    if (!window.confirm(t('collections.confirm', { count, total: formatEuros(total / 100, language) }))) return;
    setBusy(true);
    try {
      const { remittance } = await api.backoffice('create_remittance', {
        dueBy: data.dueBy,
        confirm: true,
        expected: { listHash: data.listHash },
      });
      announce({
        tone: 'ok',
        text: t('collections.made', { id: remittance.messageId, count: remittance.collections }),
      });
      retry();
    } catch (error) {
      announce({ tone: 'error', text: failureText(t, error) });
      // A list that changed meanwhile is read again, to be looked at before sending.
      retry();
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<DueCollection>[] = [
    {
      id: 'tenant',
      header: t('collections.tenant'),
      rowHeader: true,
      cell: (c) => (
        <>
          <Link to={backofficePath(language, 'registrations', c.registrationId)}>{c.debtorName}</Link>
          <br />
          <span className={styles.muted}>{c.registrationCode}</span>
        </>
      ),
    },
    { id: 'date', header: t('collections.date'), cell: (c) => shortDate(c.dueDate, language) },
    { id: 'amount', header: t('collections.amount'), cell: (c) => formatEuros(c.amountCents / 100, language) },
    {
      id: 'sequence',
      header: t('collections.sequence'),
      cell: (c) => <span className={styles.badge}>{t(`collections.sequences.${c.sequenceType}`)}</span>,
    },
    { id: 'mandate', header: t('collections.mandate'), cell: (c) => c.mandateReference },
  ];
  const remittanceColumns: Column<Remittance>[] = [
    {
      id: 'made',
      header: t('collections.madeAt'),
      rowHeader: true,
      cell: (r) => formatDateTime(r.createdAt, language),
    },
    { id: 'dueBy', header: t('collections.dueBy'), cell: (r) => shortDate(r.dueBy, language) },
    { id: 'count', header: t('collections.count'), cell: (r) => r.collections },
    { id: 'total', header: t('collections.total'), cell: (r) => formatEuros(r.totalCents / 100, language) },
    { id: 'by', header: t('collections.by'), cell: (r) => r.createdBy },
    {
      id: 'file',
      header: t('collections.file'),
      cell: (r) => (
        <a
          href={`${FUNCTIONS_BASE_PATH}/backoffice/remittance?${new URLSearchParams({ id: r.id })}`}
          download
          aria-label={t('collections.downloadLabel', { id: r.messageId })}
        >
          {t('collections.download')}
        </a>
      ),
    },
  ];

  return (
    <>
      <h1>{t('collections.heading')}</h1>
      <p className={styles.muted}>{t('collections.intro')}</p>
      <form className={`${styles.filters} ${styles.inlineForm}`} onSubmit={show}>
        <TextField label={t('collections.dueByLabel')} type="date" required value={dueBy} onChange={setDueBy} />
        <button type="submit" className={`${controls.secondary} ${controls.compact}`}>
          {t('collections.show')}
        </button>
      </form>
      <NoticeArea notice={notice} />
      <LoadStatus state={state} onRetry={retry} />
      {data && (
        <>
          <section aria-labelledby="collections-due" aria-busy={state.state === 'loading' || undefined}>
            <h2 id="collections-due">{t('collections.dueHeading', { date: shortDate(data.dueBy, language) })}</h2>
            <DataTable
              label={t('collections.dueHeading', { date: shortDate(data.dueBy, language) })}
              rows={data.collections}
              rowKey={(c) => c.rentPeriodId}
              columns={columns}
              empty={t('collections.none')}
            />
            {data.collections.length > 0 && (
              <div className={styles.actions}>
                <p>
                  <strong>
                    {t('collections.summary', {
                      count: data.collections.length,
                      total: formatEuros(total / 100, language),
                    })}
                  </strong>
                </p>
                <button
                  type="button"
                  className={controls.primary}
                  disabled={busy || !current}
                  onClick={() => void makeRemittance()}
                >
                  {t('collections.create')}
                </button>
              </div>
            )}
          </section>
          <SentCollections
            sent={data.sent}
            language={language}
            shortDate={(date) => shortDate(date, language)}
            onChanged={retry}
          />
          <ArrearsList version={data} />
          <ArrearsRules key={language} rules={data.arrears} language={language} onSaved={retry} />
          <section aria-labelledby="remittances-made">
            <h2 id="remittances-made">{t('collections.remittances')}</h2>
            <DataTable
              label={t('collections.remittances')}
              rows={data.remittances}
              rowKey={(r) => r.id}
              columns={remittanceColumns}
              empty={t('collections.noRemittances')}
            />
          </section>
        </>
      )}
    </>
  );
}
