import { PAGE_STYLES } from '../../platform/pages/html';
import type { FunctionDefinition } from '../router';

/** The stylesheet of the server-rendered pages. */
export const pageStylesFunction: FunctionDefinition = {
  name: 'page-styles',
  method: 'GET',
  async handle(_req, _ctx, res) {
    res.type('text/css').set('cache-control', 'public, max-age=3600').send(PAGE_STYLES);
  },
};
