import { BrowserRouter } from 'react-router-dom';
import { ScrollToTop } from './routing/ScrollToTop';
import { SiteRoutes } from './routing/SiteRoutes';

export function App() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <SiteRoutes />
    </BrowserRouter>
  );
}
