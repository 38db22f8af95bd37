/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A small server-rendered page (the sandbox checkout, the signing pages): no script, one
 * stylesheet from this service, bilingual labels, so it works under the site's strict CSP.
 */
export function page(title: string, body: string, language: 'es' | 'en' = 'es'): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/functions/v1/page-styles">
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export const PAGE_STYLES = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1d2a24; }
body { margin: 0; background: #f3f6f4; line-height: 1.5; }
main { max-width: 40rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
.card { background: #fff; border: 1px solid #d5ded9; border-radius: 0.5rem; padding: 1.25rem; margin: 1rem 0; }
.muted { color: #4f5e57; font-size: 0.9rem; }
.badge { display: inline-block; padding: 0.1rem 0.6rem; border-radius: 999px; background: #f2a541; font-weight: 700; font-size: 0.8rem; }
label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
input[type=text], input[type=tel], input[type=email], input:not([type]) { font: inherit; width: 100%; box-sizing: border-box; min-height: 44px; padding: 0.5rem; border: 1px solid #d5ded9; border-radius: 0.5rem; }
.check { display: flex; gap: 0.5rem; align-items: flex-start; font-weight: 400; }
.check input { width: 22px; height: 22px; margin-top: 2px; }
.days { display: flex; gap: 0.5rem; margin: 0.5rem 0 1rem; padding-bottom: 0.25rem; overflow-x: auto; }
.days .button { flex: none; padding: 0.25rem 0.75rem; }
fieldset { border: 0; padding: 0; margin: 0; }
legend { font-weight: 600; padding: 0; margin-bottom: 0.25rem; }
fieldset .check { display: inline-flex; margin: 0.25rem 1rem 0.25rem 0; min-height: 44px; align-items: center; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.25rem; }
button, .button { font: inherit; font-weight: 600; min-height: 44px; padding: 0.5rem 1.5rem; border-radius: 0.5rem; border: 2px solid #0b6e4f; cursor: pointer; text-decoration: none; display: inline-flex; align-items: center; }
.primary { background: #0b6e4f; color: #fff; }
.secondary { background: #fff; color: #0b6e4f; }
.danger { background: #fff; color: #b3261e; border-color: #b3261e; }
.error { color: #b3261e; font-weight: 600; }
.ok { color: #1e7d32; font-weight: 700; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
td, th { text-align: left; padding: 0.3rem 0.5rem 0.3rem 0; border-bottom: 1px solid #d5ded9; }
pre.document { white-space: pre-wrap; font: inherit; margin: 0; }
:focus-visible { outline: 3px solid #1a56db; outline-offset: 2px; }
`;
