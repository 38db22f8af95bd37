import { api } from 'shared-api';
import { auditListQuery } from 'shared-api/backoffice';
import { useSearchParams } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { formatDateTime } from '../format';
import { exportHref, LoadStatus } from '../table/LoadStatus';
import { listSearch, readListParams } from '../table/list-params';
import { Pager } from '../table/Pager';
import { SearchForm } from '../table/SearchForm';
import { TableScroll } from '../table/TableScroll';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';
import { type AuditTexts, describeAction, describeChange, describeTarget } from './describe';

/** The page's words for the log (actions, kinds of target, documents), from its translations. */
function useAuditTexts(): AuditTexts {
  const t = useBackofficeT();
  const actions = t('audit.actions', { returnObjects: true }) as Record<string, string>;
  const kinds = t('audit.kinds', { returnObjects: true }) as Record<string, string>;
  const documents = t('detail.documentNames', { returnObjects: true }) as Record<string, string>;
  const known = (map: Record<string, string>) => (key: string) => (Object.hasOwn(map, key) ? (map[key] ?? null) : null);
  return {
    action: known(actions),
    kind: known(kinds),
    document: known(documents),
    yes: t('audit.yes'),
    no: t('audit.no'),
  };
}

/** Who did what, when, on what, with the record before and after: newest first. */
export function AuditPage() {
  const t = useBackofficeT();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const query = readListParams(auditListQuery, params);
  const [state, retry] = useAsync(() => api.backoffice('list_audit', query), [params.toString()]);
  const exportUrl = exportHref('audit', language, { search: query.search });
  const texts = useAuditTexts();
  return (
    <>
      <div className={styles.titleRow}>
        <h1>{t('audit.heading')}</h1>
        <a className={`${controls.secondary} ${controls.compact}`} href={exportUrl} download>
          {t('table.export')}
        </a>
      </div>
      <SearchForm
        key={query.search ?? ''}
        search={query.search ?? ''}
        hint={t('audit.searchHint')}
        onSearch={(search) => setParams(listSearch({ search }, {}))}
      />
      <LoadStatus state={state} onRetry={retry} />
      {state.state === 'done' && (
        <>
          <TableScroll label={t('audit.heading')}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('audit.when')}</th>
                  <th scope="col">{t('audit.who')}</th>
                  <th scope="col">{t('audit.what')}</th>
                  <th scope="col">{t('audit.target')}</th>
                  <th scope="col">{t('audit.change')}</th>
                </tr>
              </thead>
              <tbody>
                {state.value.rows.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDateTime(entry.createdAt, language)}</td>
                    <td>{entry.staffEmail}</td>
                    <td>{describeAction(entry.action, texts)}</td>
                    <td>{describeTarget(entry.target, texts)}</td>
                    <td>
                      {describeChange(entry.before, entry.after, texts).map((line) => (
                        <span key={line} className={styles.changeLine}>
                          {line}
                        </span>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {state.value.rows.length === 0 && <p className={styles.muted}>{t('table.empty')}</p>}
          <Pager
            page={state.value.page}
            pageSize={state.value.pageSize}
            total={state.value.total}
            onPage={(page) => setParams(listSearch({ ...query, page }, { page: 1 }))}
          />
        </>
      )}
    </>
  );
}
