import { api } from 'shared-api';
import { auditListQuery } from 'shared-api/backoffice';
import { useSearchParams } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import styles from '../Backoffice.module.css';
import { formatDateTime } from '../format';
import { DataTable } from '../table/DataTable';
import { exportHref } from '../table/LoadStatus';
import { listSearch, readListParams } from '../table/list-params';
import { PagedList } from '../table/PagedList';
import { SearchForm } from '../table/SearchForm';
import { TitleRow } from '../table/TitleRow';
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
      <TitleRow heading={t('audit.heading')} exportUrl={exportUrl} />
      <SearchForm
        key={query.search ?? ''}
        search={query.search ?? ''}
        hint={t('audit.searchHint')}
        onSearch={(search) => setParams(listSearch({ search }, {}))}
      />
      <PagedList
        state={state}
        onRetry={retry}
        onPage={(page) => setParams(listSearch({ ...query, page }, { page: 1 }))}
      >
        {({ rows }) => (
          <DataTable
            label={t('audit.heading')}
            rows={rows}
            rowKey={(entry) => entry.id}
            columns={[
              { id: 'when', header: t('audit.when'), cell: (entry) => formatDateTime(entry.createdAt, language) },
              { id: 'who', header: t('audit.who'), cell: (entry) => entry.staffEmail },
              { id: 'what', header: t('audit.what'), cell: (entry) => describeAction(entry.action, texts) },
              { id: 'target', header: t('audit.target'), cell: (entry) => describeTarget(entry.target, texts) },
              {
                id: 'change',
                header: t('audit.change'),
                cell: (entry) =>
                  describeChange(entry.before, entry.after, texts).map((line) => (
                    <span key={line} className={styles.changeLine}>
                      {line}
                    </span>
                  )),
              },
            ]}
          />
        )}
      </PagedList>
    </>
  );
}
