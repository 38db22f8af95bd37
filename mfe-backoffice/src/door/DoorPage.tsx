import { api } from 'shared-api';
import { useSearchParams } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import { z } from 'zod';
import styles from '../Backoffice.module.css';
import { formatDateTime } from '../format';
import { LoadStatus } from '../table/LoadStatus';
import { listSearch, readListParams } from '../table/list-params';
import { Pager } from '../table/Pager';
import { SearchForm } from '../table/SearchForm';
import { TableScroll } from '../table/TableScroll';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';

const query = z.object({ search: z.string().max(100).optional(), page: z.coerce.number().int().min(1).default(1) });

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
          <TableScroll label={t('door.users')}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('door.usuario')}</th>
                  <th scope="col">{t('door.box')}</th>
                  <th scope="col">{t('door.rental')}</th>
                </tr>
              </thead>
              <tbody>
                {users.value.users.map((user) => (
                  <tr key={user.id}>
                    <th scope="row">{user.usuario}</th>
                    <td>{user.box ?? '—'}</td>
                    <td>{user.registrationCode ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
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
        <LoadStatus state={log} onRetry={retryLog} />
        {log.state === 'done' && (
          <>
            <TableScroll label={t('door.log')}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('audit.when')}</th>
                    <th scope="col">{t('door.usuario')}</th>
                    <th scope="col">{t('door.action')}</th>
                    <th scope="col">{t('door.result')}</th>
                    <th scope="col">{t('door.ip')}</th>
                  </tr>
                </thead>
                <tbody>
                  {log.value.rows.map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatDateTime(entry.createdAt, language)}</td>
                      <td>{entry.usuario ?? '—'}</td>
                      <td>{entry.action}</td>
                      <td>{entry.result}</td>
                      <td>{entry.ip ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            {log.value.rows.length === 0 && <p className={styles.muted}>{t('table.empty')}</p>}
            <Pager
              page={log.value.page}
              pageSize={log.value.pageSize}
              total={log.value.total}
              onPage={(page) => setParams(listSearch({ ...filter, page }, { page: 1 }))}
            />
          </>
        )}
      </section>
    </>
  );
}
