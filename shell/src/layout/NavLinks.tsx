import { type Language, pathFor, useTranslation } from 'shared-i18n';
import { NavLink } from 'shared-router';
import { NAV_ITEMS } from './nav-items';

/** The site's navigation links, current page marked; the header and the drawer style the list. */
export function NavLinks({ language, className }: { language: Language; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <ul className={className}>
      {NAV_ITEMS.map((item) => (
        <li key={item.page}>
          <NavLink to={pathFor(item.page, language)} end={item.end}>
            {t(item.labelKey)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
