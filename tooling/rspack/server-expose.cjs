// The server build's exposed module: asset URLs (images) must be the browser's, so the renderer
// tells each container its public folder before the app's modules are evaluated.
__webpack_public_path__ = globalThis.__SSR_PUBLIC_PATHS__?.[__FEDERATION_NAME__] ?? '';
module.exports = require('federation-expose-target');
