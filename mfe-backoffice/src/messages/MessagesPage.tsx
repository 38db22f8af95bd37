import { useId } from 'react';
import { api } from 'shared-api';
import { MESSAGE_STATES, type OutboxEntry } from 'shared-api/backoffice';
import { useSearchParams } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import * as z from 'zod/mini';
import styles from '../Backoffice.module.css';
import { formatDateTime } from '../format';
import { NoticeArea, useNotice, useStaffAction } from '../notice';
import { DataTable } from '../table/DataTable';
import { listSearch, readListParams } from '../table/list-params';
import { PagedList } from '../table/PagedList';
import { SearchForm } from '../table/SearchForm';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';

const query = z.object({
  channel: z.optional(z.enum(['email', 'sms'])),
  state: z.optional(z.enum(MESSAGE_STATES)),
  search: z.optional(z.string().check(z.maxLength(100))),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
});

/** What was sent to whom and whether it went, newest first; Resend sends it again. */
export function MessagesPage() {
  const t = useBackofficeT();
  const language = useLanguage();
  const ids = { channel: useId(), state: useId() };
  const [notice, announce] = useNotice();
  const [params, setParams] = useSearchParams();
  const filter = readListParams(query, params);
  const [state, retry] = useAsync(() => api.backoffice('list_messages', filter), [params.toString()]);
  const { busy, run } = useStaffAction(announce);
  const update = (next: Partial<z.output<typeof query>>) =>
    setParams(listSearch({ ...filter, page: 1, ...next }, { page: 1 }));
  const resend = async (message: OutboxEntry) => {
    const resent = await run(
      () => api.backoffice('resend_message', { id: message.id }),
      () => t('messages.resentDone', { recipient: message.recipient }),
    );
    if (resent) retry();
  };
  return (
    <>
      <h1>{t('messages.heading')}</h1>
      <p className={styles.muted}>{t('messages.privacy')}</p>
      <NoticeArea notice={notice} />
      <SearchForm
        key={filter.search ?? ''}
        search={filter.search ?? ''}
        hint={t('messages.searchHint')}
        onSearch={(search) => update({ search })}
      >
        <div className={styles.field}>
          <label htmlFor={ids.channel}>{t('messages.channel')}</label>
          <select
            id={ids.channel}
            className={controls.control}
            value={filter.channel ?? ''}
            onChange={(event) => update({ channel: (event.target.value || undefined) as 'email' | undefined })}
          >
            <option value="">{t('messages.allChannels')}</option>
            <option value="email">{t('messages.channels.email')}</option>
            <option value="sms">{t('messages.channels.sms')}</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.state}>{t('messages.state')}</label>
          <select
            id={ids.state}
            className={controls.control}
            value={filter.state ?? ''}
            onChange={(event) => update({ state: (event.target.value || undefined) as 'sent' | undefined })}
          >
            <option value="">{t('messages.allStates')}</option>
            {MESSAGE_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`messages.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </SearchForm>
      <PagedList
        state={state}
        onRetry={retry}
        onPage={(page) => setParams(listSearch({ ...filter, page }, { page: 1 }))}
      >
        {({ rows }) => (
          <DataTable
            label={t('messages.heading')}
            rows={rows}
            rowKey={(message) => message.id}
            columns={[
              {
                id: 'when',
                header: t('messages.when'),
                cell: (message) => (
                  <>
                    {formatDateTime(message.createdAt, language)}
                    <br />
                    <span className={styles.muted}>{t('messages.number', { id: message.id })}</span>
                  </>
                ),
              },
              {
                id: 'recipient',
                header: t('messages.recipient'),
                cell: (message) => (
                  <>
                    {t(`messages.channels.${message.channel}`)} · {message.recipient}
                  </>
                ),
              },
              {
                id: 'subject',
                header: t('messages.subject'),
                cell: (message) => (
                  <>
                    {message.subject ?? '—'}
                    {message.attachments > 0 && (
                      <span className={styles.muted}>
                        {' '}
                        · {t('messages.attachments', { count: message.attachments })}
                      </span>
                    )}
                    {message.resentFrom && (
                      <span className={styles.muted}> · {t('messages.resent', { id: message.resentFrom })}</span>
                    )}
                  </>
                ),
              },
              {
                id: 'state',
                header: t('messages.state'),
                cell: (message) => (
                  <>
                    <span className={styles.badge}>{t(`messages.states.${message.state}`)}</span>
                    {message.error && <span className={styles.muted}> · {message.error}</span>}
                  </>
                ),
              },
              {
                id: 'resend',
                header: t('messages.resend'),
                headerHidden: true,
                cell: (message) => (
                  <button
                    type="button"
                    className={`${controls.secondary} ${controls.compact}`}
                    disabled={busy}
                    aria-label={t('messages.resendLabel', { id: message.id, recipient: message.recipient })}
                    onClick={() => void resend(message)}
                  >
                    {t('messages.resend')}
                  </button>
                ),
              },
            ]}
          />
        )}
      </PagedList>
    </>
  );
}
