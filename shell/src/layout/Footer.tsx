import { type Language, pathFor, useTranslation } from 'shared-i18n';
import { Link } from 'shared-router';
import { formatAddress, useSiteConfig } from 'shared-ui/site';
import styles from './Footer.module.css';
import { NAV_ITEMS } from './nav-items';
import { officeDays } from './office-hours';

export function Footer({ language }: { language: Language }) {
  const { t } = useTranslation('common');
  const site = useSiteConfig();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section>
          <h2>{t('footer.quickLinks')}</h2>
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.page}>
                <Link to={pathFor(item.page, language)}>{t(item.labelKey)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>{t('footer.contact')}</h2>
          <address className={styles.contact}>
            <span>{formatAddress(site)}</span>
            <a href={`tel:${site.phone.replace(/\s+/g, '')}`}>{site.phone}</a>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </address>
        </section>
        <section>
          <h2>{t('footer.hours')}</h2>
          <p className={styles.hours} data-testid="opening-hours">
            <span>{t('footer.access')}</span>
            <span>
              {t('footer.office', {
                days: officeDays(site.officeHours.weekdays, language),
                opens: site.officeHours.opens,
                closes: site.officeHours.closes,
              })}
            </span>
          </p>
        </section>
        <section>
          <h2>{t('footer.legal')}</h2>
          <ul>
            <li>
              <Link to={pathFor('privacy', language)}>{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to={pathFor('terms', language)}>{t('footer.terms')}</Link>
            </li>
          </ul>
        </section>
      </div>
      <p className={styles.copyright}>
        © {new Date().getFullYear()} {site.tradingName} · {site.legalName}
      </p>
    </footer>
  );
}
