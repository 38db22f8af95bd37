import { useState } from 'react';
import { ApiError, api, handoffQuery, refusalMessage, type WaitlistEntry } from 'shared-api';
import { formatVolume, type Language, matchPath, pathFor, useTranslation } from 'shared-i18n';
import { Link, useLocation, useNavigate } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import { DocumentMeta } from 'shared-ui/document-meta';
import { PageHeading } from 'shared-ui/page-heading';
import { useSiteConfig } from 'shared-ui/site';
import styles from './WaitlistEntry.module.css';

function deadline(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    timeZone: 'Europe/Madrid',
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/**
 * A waitlist entry's private page (`/es/lista-espera/<token>`), reached from its e-mails: the
 * place in line, what was asked for, an offer to take, and leaving the list. The token is the
 * only key: the page is not indexed and links nowhere with it.
 */
export function WaitlistEntryPage({ language }: { language: Language }) {
  const { t } = useTranslation('calculator');
  // From the route table rather than useParams: the shared router singleton stays as the shell built it.
  const match = matchPath(useLocation().pathname);
  const token = match.kind === 'page' ? (match.token ?? '') : '';
  const navigate = useNavigate();
  const { tradingName } = useSiteConfig();
  const [entry, reload] = useAsync(() => api.call('get-waitlist-entry', { token }), [token]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      await api.call('confirm-waitlist-entry', { token });
      setNotice(t('entry.confirmed'));
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === 'waitlist_confirmation_lapsed' ? t('entry.lapsed') : t('entry.failed'),
      );
    } finally {
      setBusy(false);
      reload();
    }
  };

  const accept = async () => {
    setBusy(true);
    setError('');
    try {
      const { handoff } = await api.call('accept-waitlist-offer', { token });
      navigate(`${pathFor('signup', language)}${handoffQuery(handoff)}`);
    } catch (e) {
      setError(refusalMessage(e, t('entry.failed')));
      reload();
    } finally {
      setBusy(false);
    }
  };
  const leave = async () => {
    if (!window.confirm(t('entry.leaveConfirm'))) return;
    setBusy(true);
    setError('');
    try {
      await api.call('leave-waitlist', { token });
      reload();
    } catch (e) {
      setError(refusalMessage(e, t('entry.failed')));
    } finally {
      setBusy(false);
    }
  };

  const notFound = entry.state === 'error' && entry.error instanceof ApiError && entry.error.status === 404;
  return (
    <div data-remote="calculator" className={styles.page}>
      <DocumentMeta
        title={`${t('entry.title')} · ${tradingName}`}
        description={t('entry.title')}
        language={language}
        private
      />
      <PageHeading title={t('entry.title')} subtitle={t('entry.subtitle')} />
      <section className={styles.card} aria-live="polite" aria-busy={entry.state === 'loading'}>
        {entry.state === 'loading' && (
          <p role="status" className={styles.placeholder}>
            {t('entry.loading')}
          </p>
        )}
        {entry.state === 'error' && (
          <div role="alert">
            <p>{notFound ? t('entry.notFound') : t('entry.loadFailed')}</p>
            {notFound ? (
              <Link to={pathFor('calculator', language)}>{t('entry.toCalculator')}</Link>
            ) : (
              <button type="button" className={controls.secondary} onClick={reload}>
                {t('entry.retry')}
              </button>
            )}
          </div>
        )}
        {entry.state === 'done' && (
          <EntryDetails
            entry={entry.value}
            language={language}
            busy={busy}
            onAccept={accept}
            onLeave={leave}
            onConfirm={confirm}
          />
        )}
        {notice && (
          <p role="status" className={styles.notice}>
            {notice}
          </p>
        )}
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </section>
    </div>
  );
}

function EntryDetails({
  entry,
  language,
  busy,
  onAccept,
  onLeave,
  onConfirm,
}: {
  entry: WaitlistEntry;
  language: Language;
  busy: boolean;
  onAccept(): void;
  onLeave(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation('calculator');
  const inLine = entry.status === 'waiting' || entry.status === 'offered' || entry.status === 'unconfirmed';
  const units = entry.offer?.unitNumbers.join(', ') ?? '';
  return (
    <>
      <div data-testid="waitlist-state" className={styles.state}>
        {entry.status === 'unconfirmed' && (
          <>
            <p>{t('entry.unconfirmed', { deadline: deadline(entry.confirmBy ?? entry.joinedAt, language) })}</p>
            <button type="button" className={controls.primary} onClick={onConfirm} disabled={busy}>
              {t('entry.confirm')}
            </button>
          </>
        )}
        {entry.status === 'lapsed' && <p>{t('entry.lapsed')}</p>}
        {entry.status === 'waiting' && (
          <p className={styles.position}>{t('entry.position', { position: entry.position ?? 0 })}</p>
        )}
        {entry.status === 'offered' && entry.offer && (
          <>
            <h2>{t('entry.offerTitle')}</h2>
            <p>{t('entry.offer', { units, deadline: deadline(entry.offer.expiresAt, language) })}</p>
            <button type="button" className={controls.primary} onClick={onAccept} disabled={busy}>
              {t('entry.start')}
            </button>
          </>
        )}
        {entry.status === 'accepted' && (
          <>
            <p>
              {entry.offer
                ? t('entry.accepted', { units, deadline: deadline(entry.offer.expiresAt, language) })
                : t('entry.acceptedClosed')}
            </p>
            {entry.offer && (
              <button type="button" className={controls.primary} onClick={onAccept} disabled={busy}>
                {t('entry.continue')}
              </button>
            )}
          </>
        )}
        {entry.status === 'offer_expired' && <p>{t('entry.expired')}</p>}
        {entry.status === 'left' && <p>{t('entry.left')}</p>}
        {(entry.status === 'offer_expired' || entry.status === 'left' || entry.status === 'lapsed') && (
          // Straight back to the same product's waiting list, its form open, for the same volume.
          <Link
            to={`${pathFor('calculator', language)}?${new URLSearchParams({
              listaEspera: 'si',
              producto: entry.productId,
              ...(entry.volumeRequested > 0 ? { m3: String(entry.volumeRequested) } : {}),
            })}`}
          >
            {t('entry.joinAgain')}
          </Link>
        )}
      </div>
      <dl className={styles.details}>
        <dt>{t('entry.product')}</dt>
        <dd>
          {entry.productName}
          {entry.unitsRequired > 1 ? ` × ${entry.unitsRequired}` : ''}
        </dd>
        <dt>{t('entry.volume')}</dt>
        <dd>{formatVolume(entry.volumeRequested, language)}</dd>
        <dt>{t('entry.when')}</dt>
        <dd>{t(`waitlist.timeframes.${entry.timeframe}`)}</dd>
        <dt>
          {entry.status === 'unconfirmed' || entry.status === 'lapsed' ? t('entry.requested') : t('entry.joined')}
        </dt>
        <dd>
          {new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', {
            timeZone: 'Europe/Madrid',
            dateStyle: 'long',
          }).format(new Date(entry.joinedAt))}
        </dd>
      </dl>
      {inLine && (
        <button type="button" className={`${controls.danger} ${styles.leave}`} onClick={onLeave} disabled={busy}>
          {t('entry.leave')}
        </button>
      )}
    </>
  );
}
