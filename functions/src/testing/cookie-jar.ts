/**
 * What a browser does with cookies, for contract tests: keeps what the service sets and sends
 * it back. One jar is one browser; a second jar is another device.
 */
export function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    async fetch(url: string, init: RequestInit = {}): Promise<Response> {
      const headers = new Headers(init.headers);
      if (cookies.size) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
      const res = await fetch(url, { ...init, headers });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        // A cookie cleared (expired at once) is gone, as a browser drops it.
        if (/;\s*Max-Age=0(;|$)/i.test(line)) cookies.delete(name);
        else cookies.set(name, pair.slice(at + 1));
      }
      return res;
    },
    cookie: (name: string) => cookies.get(name),
    clear: () => cookies.clear(),
  };
}
export type CookieJar = ReturnType<typeof cookieJar>;
