import { type Language, SUPPORTED_LANGUAGES, switchLanguagePath, useTranslation } from 'shared-i18n';
import { Link, useLocation } from 'shared-router';
import styles from './Header.module.css';

/**
 * ES / EN: the same page (and its query) in the other language. Links, because they go to
 * another address: they work in the server-rendered page before its scripts have run (a slow
 * phone shows the page seconds earlier), and crawlers follow them. Once the page has started,
 * the router follows them without a reload, so what was typed stays.
 */
export function LanguageSwitcher({ language }: { language: Language }) {
  const { t } = useTranslation('common');
  const { pathname, search } = useLocation();
  return (
    <fieldset className={styles.languages}>
      <legend className="visually-hidden">{t('language.label')}</legend>
      {SUPPORTED_LANGUAGES.map((lang) => (
        <Link
          key={lang}
          to={switchLanguagePath(pathname, search, lang)}
          lang={lang}
          hrefLang={lang}
          aria-current={lang === language ? 'true' : undefined}
          // The visible code starts the name (WCAG 2.5.3): a voice user says "click EN".
          aria-label={`${lang.toUpperCase()} – ${t(`language.${lang}`)}`}
          onClick={(event) => {
            if (lang === language) event.preventDefault();
          }}
        >
          {lang.toUpperCase()}
        </Link>
      ))}
    </fieldset>
  );
}
