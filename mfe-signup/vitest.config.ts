import { domProject } from '../tooling/vitest-dom.mjs';

export default domProject('mfe-signup');
