import { useEffect, useState } from 'react';
import { api, UPLOAD_TYPES } from 'shared-api';
import type { RegistrationDetail } from 'shared-api/backoffice';
import { formatCalendarDate, formatEuros } from 'shared-i18n';
import { Link } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import { DocumentMeta } from 'shared-ui/document-meta';
import { useSiteConfig } from 'shared-ui/site';
import styles from '../Backoffice.module.css';
import { TenantLedger } from '../collections/TenantLedger';
import { formatDateTime, productNameIn } from '../format';
import { NoticeArea, useNotice } from '../notice';
import { backofficePath } from '../routes';
import { LoadStatus } from '../table/LoadStatus';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';
import { AwaitingUnit } from './AwaitingUnit';
import { Countersign } from './Countersign';
import { DepositReturn } from './DepositReturn';
import { DocumentReview } from './DocumentReview';
import { DoorAccess } from './DoorAccess';
import { MoveOutNotice } from './MoveOutNotice';
import { RentalActions } from './RentalActions';

/** One registration: the client, verification, documents to review, payments, contract and signers. */
export function RegistrationDetailPage({ registrationId }: { registrationId: string }) {
  const t = useBackofficeT();
  const language = useLanguage();
  const [notice, announce] = useNotice();
  const { tradingName } = useSiteConfig();
  const [state, reload] = useAsync(() => api.backoffice('get_registration', { registrationId }), [registrationId]);
  // The last good answer stays on screen while a reload runs (no flash after each review).
  const [detail, setDetail] = useState<RegistrationDetail | null>(null);
  useEffect(() => {
    if (state.state === 'done') setDetail(state.value);
  }, [state]);

  const pageTitle = (code: string) => (
    <DocumentMeta
      title={`${code ? t('detail.heading', { code }) : t('sections.registrations')} · ${t('title')} · ${tradingName}`}
      description={t('description')}
      language={language}
      private
    />
  );
  if (!detail || detail.registration.registrationId !== registrationId) {
    return (
      <>
        {pageTitle('')}
        <p>
          <Link to={backofficePath(language, 'registrations')}>← {t('detail.back')}</Link>
        </p>
        <LoadStatus state={state} onRetry={reload} />
      </>
    );
  }
  const { registration, documents, payments, contract, units } = detail;
  const verified = (yes: boolean) => (yes ? t('detail.verified') : t('detail.notVerified'));
  const allApproved =
    documents.length === UPLOAD_TYPES.length && documents.every((document) => document.reviewStatus === 'approved');
  const clientSigned = contract?.signers.some((s) => s.role === 'Cliente' && s.status === 'completed') ?? false;

  return (
    <>
      {pageTitle(registration.registrationCode)}
      <p>
        <Link to={backofficePath(language, 'registrations')}>← {t('detail.back')}</Link>
      </p>
      <div className={styles.titleRow}>
        <h1>{t('detail.heading', { code: registration.registrationCode })}</h1>
        <span className={styles.badge} data-stage={registration.stage}>
          {t(`stages.${registration.stage}`)}
        </span>
      </div>
      <NoticeArea notice={notice} />
      {registration.moveInStatus === 'scheduled' && (
        <p className={`${styles.card} ${styles.wide}`} data-testid="move-in-scheduled">
          {t('detail.moveInScheduled', {
            date: registration.moveInDate ? formatCalendarDate(registration.moveInDate, language, 'full') : '',
          })}
        </p>
      )}
      {registration.moveInStatus === 'awaiting_unit' && (
        <AwaitingUnit
          registrationId={registrationId}
          deposit={payments.find((p) => p.status === 'completed' && !p.refundedAt)?.amount ?? null}
          announce={announce}
          onResolved={reload}
        />
      )}
      <div className={styles.cards}>
        <section className={styles.card} aria-labelledby="detail-client">
          <h2 id="detail-client">{t('detail.client')}</h2>
          <dl className={styles.facts}>
            <dt>{t('registrations.name')}</dt>
            <dd>{registration.fullName}</dd>
            <dt>{t('detail.clientType')}</dt>
            <dd>{t(registration.clientType === 'company' ? 'detail.company' : 'detail.individual')}</dd>
            {registration.companyName && (
              <>
                <dt>{t('detail.companyName')}</dt>
                <dd>
                  {registration.companyName} · {t('detail.cif')} {registration.cif}
                </dd>
              </>
            )}
            <dt>{t('detail.identity')}</dt>
            <dd>
              {registration.documentType.toUpperCase()} {registration.documentNumber}
            </dd>
            <dt>{t('detail.email')}</dt>
            <dd>
              {registration.email} <span className={styles.muted}>({verified(registration.emailVerified)})</span>
            </dd>
            <dt>{t('detail.phone')}</dt>
            <dd>
              {registration.phone} <span className={styles.muted}>({verified(registration.phoneVerified)})</span>
            </dd>
            <dt>{t('detail.address')}</dt>
            <dd>
              {registration.address}, {registration.postalCode} {registration.city}
            </dd>
            <dt>{t('detail.iban')}</dt>
            <dd>{registration.iban}</dd>
          </dl>
        </section>
        <section className={styles.card} aria-labelledby="detail-service">
          <h2 id="detail-service">{t('detail.service')}</h2>
          <dl className={styles.facts}>
            <dt>{t('registrations.product')}</dt>
            <dd>{productNameIn(language, registration.productName, registration.productNameEn) ?? '—'}</dd>
            <dt>{t('detail.period')}</dt>
            <dd>{registration.period ? t(`catalogue.periods.${registration.period}`) : '—'}</dd>
            <dt>{t('detail.unitsRequired')}</dt>
            <dd>{registration.unitsRequired ?? 1}</dd>
            <dt>{t('detail.units')}</dt>
            <dd>{units.length ? units.join(', ') : t('detail.noUnits')}</dd>
            <dt>{t('registrations.created')}</dt>
            <dd>{formatDateTime(registration.createdAt, language)}</dd>
          </dl>
          <h3>{t('detail.payments')}</h3>
          {payments.length ? (
            <ul className={styles.plainList}>
              {payments.map((payment) => (
                <li key={payment.id}>
                  {formatEuros(payment.amount, language)} · {t(`detail.paymentStatus.${payment.status}`)} ·{' '}
                  {formatDateTime(payment.completedAt ?? payment.createdAt, language)}
                  {payment.refundedAt && (
                    <>
                      {' · '}
                      <strong>
                        {t('detail.refunded', {
                          date: formatDateTime(payment.refundedAt, language),
                          reason: payment.refundReason ?? '',
                        })}
                      </strong>
                    </>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>{t('detail.noPayments')}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="detail-documents">
        <h2 id="detail-documents">{t('detail.documents')}</h2>
        <div className={styles.documents}>
          {UPLOAD_TYPES.map((documentType) => (
            <DocumentReview
              key={documentType}
              registrationId={registrationId}
              registrationCode={registration.registrationCode}
              documentType={documentType}
              document={documents.find((document) => document.documentType === documentType)}
              settled={registration.moveInStatus === 'ended'}
              tenant={registration.moveInStatus !== null && registration.moveInStatus !== 'ended'}
              announce={announce}
              onReviewed={(reviewed) =>
                setDetail({
                  ...detail,
                  documents: documents.map((d) => (d.documentType === reviewed.documentType ? reviewed : d)),
                })
              }
            />
          ))}
        </div>
      </section>

      <section className={styles.card} aria-labelledby="detail-contract">
        <h2 id="detail-contract">{t('detail.contract')}</h2>
        {!contract ? (
          <p className={styles.muted}>{t('detail.noContract')}</p>
        ) : (
          <>
            <p>
              <span className={styles.badge}>{t(`detail.contractStatus.${contract.status}`)}</span>{' '}
              <span className={styles.muted}>{formatDateTime(contract.createdAt, language)}</span>
            </p>
            <ul className={styles.plainList}>
              {contract.signers.map((signer) => (
                <li key={signer.role}>
                  <strong>{t(`detail.signerRoles.${signer.role}`)}</strong>: {t(`detail.signerStatus.${signer.status}`)}
                  {signer.signedName && signer.signedAt && (
                    <span className={styles.muted}>
                      {' '}
                      ·{' '}
                      {t('detail.signedBy', {
                        name: signer.signedName,
                        date: formatDateTime(signer.signedAt, language),
                      })}
                    </span>
                  )}
                </li>
              ))}
            </ul>
            {/* What the company signs, readable before it does. */}
            <details className={styles.contractText} open={registration.stage === 'awaiting_company'}>
              <summary>{t('detail.contractText')}</summary>
              {/* A scrolling region: focusable, so a keyboard can scroll it (axe scrollable-region-focusable). */}
              <section
                className={styles.contractBody}
                aria-label={t('detail.contractText')}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to scroll it
                tabIndex={0}
              >
                <pre data-testid="contract-text">{contract.document}</pre>
              </section>
            </details>
            {registration.stage === 'awaiting_company' && (
              <>
                <h3>{t('detail.countersign')}</h3>
                {allApproved ? (
                  <Countersign registrationId={registrationId} announce={announce} onSigned={reload} />
                ) : (
                  <p className={styles.muted}>{t('detail.needsDocuments')}</p>
                )}
              </>
            )}
            {registration.stage === 'awaiting_client' && !clientSigned && (
              <p className={styles.muted}>{t('detail.needsClient')}</p>
            )}
            <RentalActions detail={detail} announce={announce} onChanged={reload} />
          </>
        )}
      </section>
      {detail && <DoorAccess detail={detail} announce={announce} onChanged={reload} />}
      {detail && <MoveOutNotice detail={detail} announce={announce} onChanged={reload} />}
      <DepositReturn detail={detail} announce={announce} onChanged={reload} />
      {(registration.moveInStatus === 'allocated' || registration.moveInStatus === 'ended') && (
        <TenantLedger
          registrationId={registrationId}
          version={detail}
          active={registration.moveInStatus === 'allocated'}
          onAccountChanged={reload}
        />
      )}
    </>
  );
}
