/**
 * Every router export the apps use, and nothing else. This module is the federation singleton
 * (one router context for the shell and every remote); sharing react-router-dom whole put all of
 * it (60 KB gzip, a quarter of the first load) on every page, used or not. A new export is one
 * line here. Tests may import from react-router itself (MemoryRouter): same module in Node.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
