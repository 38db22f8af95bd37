import { useEffect, useRef } from 'react';
import { api } from 'shared-api';
import type { Language } from 'shared-i18n';
import { useLocation, useNavigate } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import { DocumentMeta } from 'shared-ui/document-meta';
import { PageHeading } from 'shared-ui/page-heading';
import { useSiteConfig } from 'shared-ui/site';
import styles from './Account.module.css';
import { AccountHome } from './AccountHome';
import { isSignInLink, signInLinkToken } from './session/link';
import { useAccountSession } from './session/store';
import { SignIn } from './sign-in/SignIn';
import { useAccountT } from './texts';

/**
 * The account's page: signed out, the sign-in; signed in, the tenant's rentals. The server renders
 * it "checking" (it never sees the session: the cookie is the account functions' alone), and the
 * browser asks. A sign-in link's secret arrives after `#`: used once, then taken out of the address.
 */
export function AccountPage({ language }: { language: Language }) {
  const t = useAccountT();
  const { tradingName } = useSiteConfig();
  const status = useAccountSession((s) => s.status);
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  // The session is asked for once; a sign-in link is used whenever one arrives, at load or later
  // (opened from the e-mail into this same tab, only the fragment changes).
  const asked = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new fragment, with the address as it is
  useEffect(() => {
    const session = useAccountSession.getState();
    if (isSignInLink(hash)) {
      asked.current = true;
      // Out of the address bar and the history before anything else: the secret works once.
      navigate({ pathname, search, hash: '' }, { replace: true });
      const token = signInLinkToken(hash);
      if (token) void session.openLink(token);
      else useAccountSession.setState({ status: 'signed-out', reason: 'link-invalid' });
    } else if (!asked.current) {
      asked.current = true;
      void session.check();
    }
  }, [hash]);
  useEffect(() => api.onUnauthorized((name) => name === 'account' && useAccountSession.getState().ended()), []);

  return (
    <div data-remote="account" className={styles.page}>
      <DocumentMeta
        title={`${t('title')} · ${tradingName}`}
        description={t('description')}
        language={language}
        private
      />
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      {status === 'checking' && (
        <p role="status" className={styles.placeholder}>
          {t('session.checking')}
        </p>
      )}
      {status === 'unreachable' && (
        <div role="alert" className={styles.card}>
          <p>{t('failed')}</p>
          <button
            type="button"
            className={controls.secondary}
            onClick={() => void useAccountSession.getState().check()}
          >
            {t('retry')}
          </button>
        </div>
      )}
      {status === 'signed-out' && <SignIn language={language} />}
      {status === 'signed-in' && <AccountHome language={language} />}
    </div>
  );
}
