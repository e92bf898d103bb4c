/** Text for an HTML element or a quoted attribute value: the five characters that could end either are escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * A small standalone page (consent, hosted checkout) in one style: `title` is escaped here, `style`
 * adds the page's own rules, and `main` is the already escaped markup of its card.
 */
export function standalonePage(page: { title: string; maxWidth: string; style: string; main: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(page.title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; background: #f5f5f4; color: #1c1917; margin: 0; }
main { max-width: ${page.maxWidth}; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 3px #0002; }
h1 { font-size: 1.3rem; margin-top: 0; }
${page.style}
</style>
</head>
<body>
<main>
${page.main}
</main>
</body>
</html>`;
}
