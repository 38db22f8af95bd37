import type { ReactNode } from 'react';
import type { Language } from 'shared-i18n';
import { useTranslation } from 'shared-i18n';
import { useSiteConfig } from 'shared-ui/site';
import { ChatWidget } from '../chat/ChatWidget';
import { VisitBookingHost } from '../visits/VisitBookingHost';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';
import { TopBanner } from './TopBanner';
import { useKeyboardNavigation } from './useKeyboardNavigation';
import { useScrolledPast } from './useScrolledPast';

interface Props {
  language: Language;
  /** The home page (and its /contratar, /hire twin) has only the scroll header. */
  home?: boolean;
  /** A page of form controls: the assistant's launcher is docked, not floating over them. */
  formPage?: boolean;
  children: ReactNode;
}

/** The page's main landmark (tabIndex -1): the skip link's target. */
const MAIN_ID = 'main';

/** Pixels of scroll after which the scroll header slides in. */
export const SCROLL_HEADER_THRESHOLD = 200;

export function Layout({ language, home = false, formPage = false, children }: Props) {
  const { t } = useTranslation('common');
  const scrolled = useScrolledPast(SCROLL_HEADER_THRESHOLD);
  const keyboard = useKeyboardNavigation(home);
  const { phone } = useSiteConfig();
  return (
    <div className={styles.page}>
      <a className={styles.skip} href={`#${MAIN_ID}`}>
        {t('skipToContent')}
      </a>
      <TopBanner language={language} />
      {!home && <Header language={language} variant="static" />}
      <Header language={language} variant="scroll" visible={scrolled || keyboard} />
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        {/* The other pages read well without scripts; a form does not work without them. */}
        {formPage && (
          <noscript>
            <p className={styles.noscript}>{t('noscript', { phone })}</p>
          </noscript>
        )}
        {children}
      </main>
      {/* One instance either way: the conversation survives moving between pages. */}
      <ChatWidget docked={formPage} />
      <VisitBookingHost language={language} />
      <Footer language={language} />
    </div>
  );
}
