import { useEffect, useId, useState } from 'react';
import { api } from 'shared-api';
import type { LineEntry } from 'shared-api/backoffice';
import { useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { formatDateTime, productNameIn } from '../format';
import { NoticeArea, useNotice, useStaffAction } from '../notice';
import { type Column, DataTable } from '../table/DataTable';
import { LoadStatus } from '../table/LoadStatus';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';

type Move = 'waitlist_offer' | 'waitlist_skip' | 'waitlist_remove';
const DONE = {
  waitlist_offer: 'waitlist.offered',
  waitlist_skip: 'waitlist.skipped',
  waitlist_remove: 'waitlist.removed',
} as const;

/** Each product's line in order, with offers; staff offer a unit by hand, send to the back, remove. */
export function WaitlistPage() {
  const t = useBackofficeT();
  const language = useLanguage();
  const historyId = useId();
  const [notice, announce] = useNotice();
  const [history, setHistory] = useState(false);
  const [state, retry] = useAsync(() => api.backoffice('list_waitlist', { history }), [history]);
  const [entries, setEntries] = useState<LineEntry[] | null>(null);
  const { busy, run } = useStaffAction(announce);
  useEffect(() => {
    if (state.state === 'done') setEntries(state.value.entries);
  }, [state]);

  const act = async (move: Move, entry: LineEntry) => {
    if (busy) return;
    if (
      move === 'waitlist_remove' &&
      !window.confirm(
        t('waitlist.removeConfirm', {
          name: entry.fullName,
          product: productNameIn(language, entry.productName, entry.productNameEn),
        }),
      )
    )
      return;
    if (
      await run(
        () => api.backoffice(move, { entryId: entry.entryId }),
        () => t(DONE[move], { name: entry.fullName }),
      )
    )
      retry();
  };

  const products = new Map<number, LineEntry[]>();
  for (const entry of entries ?? []) products.set(entry.productId, [...(products.get(entry.productId) ?? []), entry]);
  const columns: Column<LineEntry>[] = [
    { id: 'position', header: t('waitlist.position'), cell: (entry) => entry.position ?? '—' },
    {
      id: 'person',
      header: t('waitlist.person'),
      rowHeader: true,
      cell: (entry) => (
        <>
          {entry.fullName}
          <br />
          <span className={styles.muted}>
            {entry.email} · {entry.phone}
          </span>
        </>
      ),
    },
    { id: 'units', header: t('waitlist.units'), cell: (entry) => entry.unitsRequired },
    {
      id: 'state',
      header: t('waitlist.state'),
      cell: (entry) => (
        <>
          <span className={styles.badge}>{t(`waitlist.statuses.${entry.status}`)}</span>
          {entry.offer && (entry.status === 'offered' || entry.status === 'accepted') && (
            <>
              <br />
              <span className={styles.muted}>
                {t('waitlist.offerUntil', {
                  units: entry.offer.units.join(', '),
                  time: formatDateTime(entry.offer.expiresAt, language),
                })}
              </span>
            </>
          )}
        </>
      ),
    },
    { id: 'joined', header: t('waitlist.joined'), cell: (entry) => formatDateTime(entry.createdAt, language) },
    {
      id: 'actions',
      header: t('waitlist.state'),
      headerHidden: true,
      cell: (entry) => (
        <div className={styles.actions}>
          {entry.status === 'waiting' && (
            <button
              type="button"
              className={`${controls.primary} ${controls.compact}`}
              disabled={busy}
              aria-label={t('waitlist.offerLabel', { name: entry.fullName })}
              onClick={() => void act('waitlist_offer', entry)}
            >
              {t('waitlist.offer')}
            </button>
          )}
          {(entry.status === 'waiting' || entry.status === 'offered') && (
            <button
              type="button"
              className={`${controls.secondary} ${controls.compact}`}
              disabled={busy}
              aria-label={t('waitlist.skipLabel', { name: entry.fullName })}
              onClick={() => void act('waitlist_skip', entry)}
            >
              {t('waitlist.skip')}
            </button>
          )}
          {entry.status !== 'left' && (
            <button
              type="button"
              className={`${controls.danger} ${controls.compact}`}
              disabled={busy}
              aria-label={t('waitlist.removeLabel', { name: entry.fullName })}
              onClick={() => void act('waitlist_remove', entry)}
            >
              {t('waitlist.remove')}
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <h1>{t('waitlist.heading')}</h1>
      <div className={styles.check}>
        <input
          id={historyId}
          type="checkbox"
          checked={history}
          onChange={(event) => setHistory(event.target.checked)}
        />
        <label htmlFor={historyId}>{t('waitlist.history')}</label>
      </div>
      <NoticeArea notice={notice} />
      {!entries && <LoadStatus state={state} onRetry={retry} />}
      {entries && products.size === 0 && <p className={styles.muted}>{t('waitlist.empty')}</p>}
      {[...products].map(([productId, line]) => (
        <section key={productId} aria-labelledby={`line-${productId}`}>
          <h2 id={`line-${productId}`}>
            {productNameIn(language, line[0]?.productName ?? '', line[0]?.productNameEn)}
          </h2>
          <DataTable
            label={productNameIn(language, line[0]?.productName ?? '', line[0]?.productNameEn)}
            rows={line}
            rowKey={(entry) => entry.entryId}
            columns={columns}
          />
        </section>
      ))}
    </>
  );
}
