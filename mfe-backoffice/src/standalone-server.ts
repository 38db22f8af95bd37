// The standalone back-office page's server side: its origin sends the page rendered (shared-ui).
import { createStandaloneRenderer } from 'shared-ui/standalone-server';
import App from './App';

export const render = createStandaloneRenderer(App);
