import { pathFor, type RemoteAppProps } from 'shared-i18n';
import { Route, Routes } from 'shared-router';
import { AccountPage } from './AccountPage';
import './texts';

/** The tenant's account remote: one page, `/es/mi-cuenta` and `/en/account`. */
export default function AccountApp({ language }: RemoteAppProps) {
  return (
    <Routes>
      <Route path={pathFor('account', language)} element={<AccountPage language={language} />} />
    </Routes>
  );
}
