import type { Language } from 'shared-i18n';
import { useTranslation } from 'shared-i18n';
import { DocumentMeta } from 'shared-ui/document-meta';
import { PageHeading } from 'shared-ui/page-heading';
import { formatAddress, useSiteConfig } from 'shared-ui/site';
import styles from '../Marketing.module.css';

/** Privacy or terms: static legal text naming the company from the site configuration. */
export function LegalPage({ kind, language }: { kind: 'privacy' | 'terms'; language: Language }) {
  const { t } = useTranslation('marketing');
  const site = useSiteConfig();
  const values = {
    legalName: site.legalName,
    tradingName: site.tradingName,
    taxId: site.taxId,
    address: formatAddress(site),
    phone: site.phone,
    email: site.email,
  };
  const sections = t(`legal.${kind}.sections`, { returnObjects: true, ...values }) as { title: string; body: string }[];
  return (
    <div data-remote="marketing">
      <DocumentMeta
        title={`${t(`legal.${kind}.title`)} · ${site.tradingName}`}
        description={t(`meta.${kind}`)}
        page={kind}
        language={language}
      />
      <PageHeading title={t(`legal.${kind}.title`)} subtitle={t('legal.updated')} />
      <article className={`${styles.section} ${styles.legal}`}>
        {sections.map((section) => (
          <section key={section.title}>
            <h2>{section.title}</h2>
            <p>{section.body}</p>
          </section>
        ))}
      </article>
    </div>
  );
}
