import type { ComponentType } from 'react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { StandaloneRenderer } from 'shared-api/render';
import { I18nProvider, i18n, initI18n, loadLanguage, type RemoteAppProps } from 'shared-i18n';
import { StaticRouter } from 'shared-router';
import { StandaloneTree, standaloneLanguage } from './standalone-tree';

/**
 * The server side of `startStandalone`: the page a standalone origin (the door tool's) sends
 * with its content, so it paints before any script has run, and the browser hydrates it.
 * Browser-only state (a stored session) is read after hydration, as inside the shell.
 */
export function createStandaloneRenderer(App: ComponentType<RemoteAppProps>): StandaloneRenderer['render'] {
  return async (url) => {
    const language = standaloneLanguage(new URL(url, 'http://x').pathname);
    await initI18n(language);
    await loadLanguage(language);
    // One instance per request: two pages in two languages at once must not share `lng`.
    const requestI18n = i18n.cloneInstance({ lng: language });
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <I18nProvider i18n={requestI18n}>
          <StaticRouter location={url}>
            <StandaloneTree App={App} />
          </StaticRouter>
        </I18nProvider>
      </StrictMode>,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
    return { html: Buffer.concat(chunks).toString('utf8'), language };
  };
}
