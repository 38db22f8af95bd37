// `npm run build`: every front-end app, one after the other. `npm run build -w <app>` builds one.
import { buildFrontends } from './lib.mjs';

buildFrontends();
