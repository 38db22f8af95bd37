import { type Language, SUPPORTED_LANGUAGES, switchLanguagePath, useTranslation } from 'shared-i18n';
import { useLocation, useNavigate } from 'shared-router';
import styles from './Header.module.css';

/** ES / EN: rewrites the path prefix and keeps the page (and its query). */
export function LanguageSwitcher({ language }: { language: Language }) {
  const { t } = useTranslation('common');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <fieldset className={styles.languages}>
      <legend className="visually-hidden">{t('language.label')}</legend>
      {SUPPORTED_LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={lang === language}
          // The visible code starts the name (WCAG 2.5.3): a voice user says "click EN".
          aria-label={`${lang.toUpperCase()} – ${t(`language.${lang}`)}`}
          onClick={() => {
            if (lang !== language) navigate(switchLanguagePath(pathname, search, lang));
          }}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
