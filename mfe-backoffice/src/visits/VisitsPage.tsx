import { type FormEvent, useEffect, useId, useState } from 'react';
import { api } from 'shared-api';
import type { BookedVisit, VisitRulesForm as Rules } from 'shared-api/backoffice';
import { useSearchParams } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { failureText } from '../errors';
import { dayHeading, facilityDate, formatTime } from '../format';
import { NoticeArea, useNotice } from '../notice';
import { useStaffSession } from '../session/store';
import { LoadStatus } from '../table/LoadStatus';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';
import { VisitRulesForm } from './VisitRulesForm';

const DAYS = 14;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const shiftDate = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

function Calendar({ announce }: { announce: ReturnType<typeof useNotice>[1] }) {
  const t = useBackofficeT();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const from = DATE.test(params.get('desde') ?? '') ? (params.get('desde') as string) : undefined;
  const [state, retry] = useAsync(
    () => api.backoffice('list_visits', { ...(from ? { from } : {}), days: DAYS }),
    [from],
  );
  const [busy, setBusy] = useState<string | null>(null);
  // Visits chosen for cancelling at once (a flood of bookings, a day that must close).
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // Another fortnight: what was chosen is out of sight, so it is no longer chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new range
  useEffect(() => setChosen(new Set()), [from]);
  const toggle = (ids: string[], on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const cancelChosen = async () => {
    const visitIds = [...chosen];
    if (busy || visitIds.length === 0) return;
    if (!window.confirm(t('visits.cancelSelectedConfirm', { count: visitIds.length }))) return;
    setBusy('many');
    try {
      const { cancelled } = await api.backoffice('cancel_visits', { visitIds });
      announce({ tone: 'ok', text: t('visits.visitsCancelled', { count: cancelled }) });
      setChosen(new Set());
      retry();
    } catch (error) {
      announce({ tone: 'error', text: failureText(t, error) });
    } finally {
      setBusy(null);
    }
  };

  const cancel = async (visit: BookedVisit) => {
    const time = formatTime(visit.startsAt, language);
    const date = dayHeading(facilityDate(visit.startsAt), language);
    if (busy || !window.confirm(t('visits.cancelConfirm', { name: visit.fullName, date, time }))) return;
    setBusy(visit.visitId);
    try {
      await api.backoffice('cancel_visit', { visitId: visit.visitId });
      announce({ tone: 'ok', text: t('visits.visitCancelled', { name: visit.fullName }) });
      retry();
    } catch (error) {
      announce({ tone: 'error', text: failureText(t, error) });
    } finally {
      setBusy(null);
    }
  };

  if (state.state !== 'done') {
    return <LoadStatus state={state} onRetry={retry} />;
  }
  const { visits } = state.value;
  const start = state.value.from;
  const byDay = new Map<string, BookedVisit[]>();
  for (const visit of visits) {
    const day = facilityDate(visit.startsAt);
    byDay.set(day, [...(byDay.get(day) ?? []), visit]);
  }
  const go = (date: string) => setParams(new URLSearchParams({ desde: date }));
  return (
    <>
      <div className={styles.pager}>
        <button
          type="button"
          className={`${controls.secondary} ${controls.compact}`}
          onClick={() => go(shiftDate(start, -DAYS))}
        >
          {t('visits.previous')}
        </button>
        <span>
          {t('visits.range', {
            from: dayHeading(start, language),
            to: dayHeading(shiftDate(start, DAYS - 1), language),
          })}
        </span>
        <button
          type="button"
          className={`${controls.secondary} ${controls.compact}`}
          onClick={() => go(shiftDate(start, DAYS))}
        >
          {t('visits.next')}
        </button>
      </div>
      {byDay.size === 0 && <p className={styles.muted}>{t('visits.none')}</p>}
      {chosen.size > 0 && (
        <div className={styles.pager}>
          <button
            type="button"
            className={`${controls.danger} ${controls.compact}`}
            disabled={busy !== null}
            onClick={() => void cancelChosen()}
          >
            {t('visits.cancelSelected', { count: chosen.size })}
          </button>
        </div>
      )}
      {[...byDay].map(([day, list]) => {
        const upcoming = (visit: BookedVisit) =>
          visit.status === 'booked' && new Date(visit.startsAt).getTime() > Date.now();
        const open = list.filter(upcoming).map((visit) => visit.visitId);
        const allChosen = open.length > 0 && open.every((visitId) => chosen.has(visitId));
        return (
          <section key={day} className={styles.card} aria-labelledby={`visits-${day}`}>
            <h3 id={`visits-${day}`}>{dayHeading(day, language)}</h3>
            {open.length > 1 && (
              <label className={styles.choice}>
                <input type="checkbox" checked={allChosen} onChange={(event) => toggle(open, event.target.checked)} />{' '}
                {t('visits.selectDay', { date: dayHeading(day, language) })}
              </label>
            )}
            <ul className={styles.plainList}>
              {list.map((visit) => {
                const time = formatTime(visit.startsAt, language);
                return (
                  <li key={visit.visitId} className={styles.visit} data-status={visit.status}>
                    {open.includes(visit.visitId) && (
                      <input
                        type="checkbox"
                        className={styles.rowCheck}
                        checked={chosen.has(visit.visitId)}
                        aria-label={t('visits.select', { name: visit.fullName, time })}
                        onChange={(event) => toggle([visit.visitId], event.target.checked)}
                      />
                    )}
                    <strong>{time}</strong> {visit.fullName} ·{' '}
                    <a href={`tel:${visit.phone.replace(/[^\d+]/g, '')}`}>{visit.phone}</a> ·{' '}
                    <a href={`mailto:${visit.email}`}>{visit.email}</a> · {visit.language.toUpperCase()}{' '}
                    {visit.status === 'cancelled' ? (
                      <span className={styles.badge}>
                        {t('visits.cancelled', {
                          by: visit.cancelledBy === 'visitor' ? t('visits.byVisitor') : (visit.cancelledBy ?? ''),
                        })}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className={`${controls.danger} ${controls.compact}`}
                        disabled={busy !== null}
                        aria-label={t('visits.cancelLabel', { name: visit.fullName, time })}
                        onClick={() => void cancel(visit)}
                      >
                        {t('visits.cancel')}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </>
  );
}

function ClosedDates({
  dates,
  manager,
  onChange,
  announce,
}: {
  dates: { date: string; reason: string | null }[];
  manager: boolean;
  onChange(dates: { date: string; reason: string | null }[]): void;
  announce: ReturnType<typeof useNotice>[1];
}) {
  const t = useBackofficeT();
  const language = useLanguage();
  const id = useId();
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const change = async (day: string, closed: boolean) => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await api.backoffice('set_closed_date', {
        date: day,
        closed,
        ...(closed && reason.trim() ? { reason: reason.trim() } : {}),
      });
      onChange(answer.closedDates);
      announce({ tone: 'ok', text: t('visits.closedSaved') });
      if (closed) {
        setDate('');
        setReason('');
      }
    } catch (caught) {
      announce({ tone: 'error', text: failureText(t, caught) });
    } finally {
      setBusy(false);
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    setError(!DATE.test(date));
    if (DATE.test(date)) void change(date, true);
  };
  return (
    <>
      {dates.length === 0 ? (
        <p className={styles.muted}>{t('visits.noClosed')}</p>
      ) : (
        <ul className={styles.plainList}>
          {dates.map((closed) => (
            <li key={closed.date}>
              {dayHeading(closed.date, language)}
              {closed.reason ? ` · ${closed.reason}` : ''}{' '}
              {manager && (
                <button
                  type="button"
                  className={`${controls.secondary} ${controls.compact}`}
                  disabled={busy}
                  aria-label={t('visits.reopenLabel', { date: dayHeading(closed.date, language) })}
                  onClick={() => void change(closed.date, false)}
                >
                  {t('visits.reopen')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {manager && (
        <form className={styles.filters} onSubmit={add} noValidate>
          <div className={styles.field}>
            <label htmlFor={`${id}-date`}>{t('visits.closedDate')}</label>
            <input
              id={`${id}-date`}
              type="date"
              className={controls.control}
              value={date}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setDate(event.target.value)}
            />
            {error && (
              <p id={`${id}-error`} className={styles.error}>
                {t('visits.dateRequired')}
              </p>
            )}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-reason`}>{t('visits.closedReason')}</label>
            <input
              id={`${id}-reason`}
              className={controls.control}
              maxLength={100}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <button type="submit" className={`${controls.secondary} ${controls.compact}`} disabled={busy}>
            {t('visits.addClosed')}
          </button>
        </form>
      )}
    </>
  );
}

/** The calendar of booked visits, the visiting hours and the closed days. */
export function VisitsPage() {
  const t = useBackofficeT();
  const manager = useStaffSession((s) => s.staff?.role === 'manager');
  const [notice, announce] = useNotice();
  const [settings, retry] = useAsync(() => api.backoffice('get_visit_rules', {}), []);
  const [rules, setRules] = useState<Rules | null>(null);
  const [closed, setClosed] = useState<{ date: string; reason: string | null }[]>([]);
  useEffect(() => {
    if (settings.state !== 'done') return;
    setRules(settings.value.rules);
    setClosed(settings.value.closedDates);
  }, [settings]);
  const dayNames = rules?.weekdays.map((day) => t(`visits.weekdayNames.${String(day) as '1'}`)).join(', ') ?? '';
  return (
    <>
      <h1>{t('visits.heading')}</h1>
      <NoticeArea notice={notice} />
      <section aria-labelledby="visits-calendar">
        <h2 id="visits-calendar">{t('visits.calendar')}</h2>
        <Calendar announce={announce} />
      </section>
      <div className={styles.cards}>
        <section className={styles.card} aria-labelledby="visits-rules">
          <h2 id="visits-rules">{t('visits.rules')}</h2>
          <LoadStatus state={settings} onRetry={retry} />
          {rules &&
            (manager ? (
              <VisitRulesForm rules={rules} onSaved={setRules} announce={announce} />
            ) : (
              <p>{t('visits.rulesSummary', { ...rules, days: dayNames })}</p>
            ))}
        </section>
        <section className={styles.card} aria-labelledby="visits-closed">
          <h2 id="visits-closed">{t('visits.closed')}</h2>
          {rules && <ClosedDates dates={closed} manager={manager} onChange={setClosed} announce={announce} />}
        </section>
      </div>
    </>
  );
}
