import { type ComponentType, useEffect } from 'react';
import { type RemoteAppProps, switchLanguage } from 'shared-i18n';
import { Link, useLocation } from 'shared-router';
import { DocumentMeta } from 'shared-ui/document-meta';
import { useSiteConfig } from 'shared-ui/site';
import { AccountPage } from './account/AccountPage';
import { AuditPage } from './audit/AuditPage';
import styles from './Backoffice.module.css';
import { CataloguePage } from './catalogue/CataloguePage';
import { CollectionsPage } from './collections/CollectionsPage';
import { DoorPage } from './door/DoorPage';
import { BackofficeLayout } from './layout/BackofficeLayout';
import { canSee } from './layout/sections';
import { MessagesPage } from './messages/MessagesPage';
import { RegistrationDetailPage } from './registrations/RegistrationDetailPage';
import { RegistrationsPage } from './registrations/RegistrationsPage';
import { type BackofficeSection, backofficePath, backofficeRoute } from './routes';
import { ResetPasswordPage } from './session/ResetPasswordPage';
import { SessionGate } from './session/SessionGate';
import { useStaffSession } from './session/store';
import { StaffPage } from './staff/StaffPage';
import { useBackofficeT } from './texts';
import { TodayPage } from './today/TodayPage';
import { useLanguage } from './useLanguage';
import { VisitsPage } from './visits/VisitsPage';
import { WaitlistPage } from './waitlist/WaitlistPage';

const SCREENS: Record<Exclude<BackofficeSection, 'registrations' | 'reset'>, ComponentType> = {
  today: TodayPage,
  catalogue: CataloguePage,
  visits: VisitsPage,
  waitlist: WaitlistPage,
  messages: MessagesPage,
  collections: CollectionsPage,
  door: DoorPage,
  staff: StaffPage,
  audit: AuditPage,
  account: AccountPage,
};

function Screen({ section, id }: { section: Exclude<BackofficeSection, 'reset'>; id?: string }) {
  const role = useStaffSession((s) => s.staff?.role ?? 'staff');
  const t = useBackofficeT();
  // A member of staff at a manager's address sees why there is nothing (the server refuses anyway).
  if (!canSee(section, role)) return <p role="alert">{t('forbidden')}</p>;
  if (section === 'registrations') return id ? <RegistrationDetailPage registrationId={id} /> : <RegistrationsPage />;
  const Component = SCREENS[section];
  return <Component />;
}

/** A path of the back-office that names no screen (an old link, a typo). */
function NotFound() {
  const t = useBackofficeT();
  const language = useLanguage();
  return (
    <>
      <h1>{t('notFound.heading')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to={backofficePath(language)}>{t('notFound.back')}</Link>
      </p>
    </>
  );
}

/**
 * The staff back-office, in the shell at /gestion and /en/backoffice and standalone: its own
 * layout, none of the public site's. The section comes from the shared route table.
 */
export default function BackofficeApp({ language, signedOut }: RemoteAppProps) {
  const t = useBackofficeT();
  const { pathname } = useLocation();
  const { tradingName } = useSiteConfig();
  const route = backofficeRoute(pathname);
  const signedIn = useStaffSession((s) => s.status === 'signed-in');
  const section = route.section;
  const id = route.section ? route.id : undefined;
  // Standalone there is no shell to follow the path's language: the back-office follows it itself.
  useEffect(() => {
    void switchLanguage(language);
  }, [language]);
  // A new screen starts at its top, and a keyboard or screen-reader user there too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new screen
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [section, id]);
  return (
    <div className={styles.app} data-remote="backoffice" lang={language}>
      {/* A record's page names itself (with its code) once loaded; signed out, this is the login. */}
      {!(signedIn && section === 'registrations' && id) && (
        <DocumentMeta
          title={`${section === 'reset' ? t('sections.reset') : signedIn ? (section ? t(`sections.${section}`) : t('notFound.heading')) : t('login.heading')} · ${t('title')} · ${tradingName}`}
          description={t('description')}
          language={language}
          private
        />
      )}
      {/* A reset link is opened signed out (and works signed in): no session is asked for. */}
      {section === 'reset' ? (
        <ResetPasswordPage />
      ) : (
        <SessionGate surelySignedOut={signedOut?.includes('staff') ?? false}>
          <BackofficeLayout language={language} section={section}>
            {section ? <Screen section={section} id={id} /> : <NotFound />}
          </BackofficeLayout>
        </SessionGate>
      )}
    </div>
  );
}
