import { api } from 'shared-api';
import { useSearchParams } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import * as z from 'zod/mini';
import styles from '../Backoffice.module.css';
import { formatDateTime } from '../format';
import { DataTable } from '../table/DataTable';
import { LoadStatus } from '../table/LoadStatus';
import { listSearch, readListParams } from '../table/list-params';
import { PagedList } from '../table/PagedList';
import { SearchForm } from '../table/SearchForm';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';

const query = z.object({
  search: z.optional(z.string().check(z.maxLength(100))),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
});

/** What the door admin sees: the door's users and its access log (changes stay in the door tool). */
export function DoorPage() {
  const t = useBackofficeT();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const filter = readListParams(query, params);
  const [users, retryUsers] = useAsync(() => api.backoffice('list_door_users', {}), []);
  const [log, retryLog] = useAsync(() => api.backoffice('list_door_audit', filter), [params.toString()]);
  return (
    <>
      <h1>{t('door.heading')}</h1>
      <p className={styles.muted}>{t('door.hint')}</p>
      <section aria-labelledby="door-users">
        <h2 id="door-users">{t('door.users')}</h2>
        <LoadStatus state={users} onRetry={retryUsers} />
        {users.state === 'done' && (
          <DataTable
            label={t('door.users')}
            rows={users.value.users}
            rowKey={(user) => user.id}
            columns={[
              { id: 'usuario', header: t('door.usuario'), rowHeader: true, cell: (user) => user.usuario },
              { id: 'box', header: t('door.box'), cell: (user) => user.box ?? '—' },
              { id: 'rental', header: t('door.rental'), cell: (user) => user.registrationCode ?? '—' },
            ]}
          />
        )}
      </section>
      <section aria-labelledby="door-log">
        <h2 id="door-log">{t('door.log')}</h2>
        <SearchForm
          key={filter.search ?? ''}
          search={filter.search ?? ''}
          hint={t('door.searchHint')}
          onSearch={(search) => setParams(listSearch({ search }, {}))}
        />
        <PagedList
          state={log}
          onRetry={retryLog}
          onPage={(page) => setParams(listSearch({ ...filter, page }, { page: 1 }))}
        >
          {({ rows }) => (
            <DataTable
              label={t('door.log')}
              rows={rows}
              rowKey={(entry) => entry.id}
              columns={[
                { id: 'when', header: t('audit.when'), cell: (entry) => formatDateTime(entry.createdAt, language) },
                { id: 'usuario', header: t('door.usuario'), cell: (entry) => entry.usuario ?? '—' },
                { id: 'action', header: t('door.action'), cell: (entry) => entry.action },
                { id: 'result', header: t('door.result'), cell: (entry) => entry.result },
                { id: 'ip', header: t('door.ip'), cell: (entry) => entry.ip ?? '—' },
              ]}
            />
          )}
        </PagedList>
      </section>
    </>
  );
}
