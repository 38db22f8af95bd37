import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { addNamespace, DOOR_PATHS, type RemoteAppProps } from 'shared-i18n';
import { PageHeading } from 'shared-ui/page-heading';
import { doorResources } from './i18n';

addNamespace('door', doorResources);

function DoorPage({ magicLink = false }: { magicLink?: boolean }) {
  const { t } = useTranslation('door');
  return (
    <div data-remote="door" lang="es">
      <PageHeading
        title={magicLink ? t('magicLink.title') : t('title')}
        subtitle={magicLink ? t('magicLink.subtitle') : t('subtitle')}
      />
    </div>
  );
}

/** The door-access tool, inside the shell and standalone. */
export default function DoorApp(_props: RemoteAppProps) {
  return (
    <Routes>
      <Route path={DOOR_PATHS.app} element={<DoorPage />} />
      <Route path={DOOR_PATHS.login} element={<DoorPage magicLink />} />
    </Routes>
  );
}
