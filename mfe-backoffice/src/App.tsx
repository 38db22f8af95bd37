import { type ComponentType, useEffect } from 'react';
import { type BackofficeSection, matchPath, type RemoteAppProps, useTranslation } from 'shared-i18n';
import { useLocation } from 'shared-router';
import { DocumentMeta } from 'shared-ui/document-meta';
import { useSiteConfig } from 'shared-ui/site';
import { AccountPage } from './account/AccountPage';
import { AuditPage } from './audit/AuditPage';
import styles from './Backoffice.module.css';
import { CataloguePage } from './catalogue/CataloguePage';
import { BackofficeLayout } from './layout/BackofficeLayout';
import { canSee } from './layout/sections';
import { RegistrationDetailPage } from './registrations/RegistrationDetailPage';
import { RegistrationsPage } from './registrations/RegistrationsPage';
import { SessionGate } from './session/SessionGate';
import { useStaffSession } from './session/store';
import { StaffPage } from './staff/StaffPage';
import { useBackofficeT } from './texts';
import { TodayPage } from './today/TodayPage';
import { VisitsPage } from './visits/VisitsPage';

const SCREENS: Record<Exclude<BackofficeSection, 'registrations'>, ComponentType> = {
  today: TodayPage,
  catalogue: CataloguePage,
  visits: VisitsPage,
  staff: StaffPage,
  audit: AuditPage,
  account: AccountPage,
};

function Screen({ section, id }: { section: BackofficeSection; id?: string }) {
  const role = useStaffSession((s) => s.staff?.role ?? 'staff');
  const t = useBackofficeT();
  // A member of staff at a manager's address sees why there is nothing (the server refuses anyway).
  if (!canSee(section, role)) return <p role="alert">{t('forbidden')}</p>;
  if (section === 'registrations') return id ? <RegistrationDetailPage registrationId={id} /> : <RegistrationsPage />;
  const Component = SCREENS[section];
  return <Component />;
}

/**
 * The staff back-office, in the shell at /gestion and /en/backoffice and standalone: its own
 * layout, none of the public site's. The section comes from the shared route table.
 */
export default function BackofficeApp({ language }: RemoteAppProps) {
  const t = useBackofficeT();
  const { pathname } = useLocation();
  const { tradingName } = useSiteConfig();
  const match = matchPath(pathname);
  const section = match.kind === 'backoffice' ? match.section : 'today';
  const id = match.kind === 'backoffice' ? match.id : undefined;
  const { i18n } = useTranslation('backoffice');
  // Standalone there is no shell to follow the path's language: the back-office follows it itself.
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);
  // A new screen starts at its top, and a keyboard or screen-reader user there too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new screen
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [section, id]);
  return (
    <div className={styles.app} data-remote="backoffice" lang={language}>
      <DocumentMeta
        title={`${t(`sections.${section}`)} · ${t('title')} · ${tradingName}`}
        description={t('description')}
        language={language}
        private
      />
      <SessionGate>
        <BackofficeLayout language={language} section={section}>
          <Screen section={section} id={id} />
        </BackofficeLayout>
      </SessionGate>
    </div>
  );
}
