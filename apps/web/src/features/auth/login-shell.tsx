// The sign-in screen as static HTML, for login.html (docs/decisions.md "Web: the first paint of /login"). The build
// (apps/web/build/login-html.ts) renders the React page itself here, so the markup cannot drift from it; the browser
// paints it before any script has loaded, and the app takes over (login-shell-handoff.ts).
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { Logo } from '../../ui/logo';
import { LOGIN_SHELL_ID } from './login-shell-id';
import { LoginPage } from './pages/login-page';

/** The public frame around the sign-in page, as layout.tsx draws it (its skip link and ids aside). */
export function renderLoginShell(): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/login']}>
      <div className="public-frame">
        <header className="public-header">
          <Logo />
        </header>
        <main className="public-main">
          <LoginPage />
        </main>
      </div>
    </MemoryRouter>,
  );
}

type LoginHtml = {
  /** The built index.html. */
  indexHtml: string;
  /** renderLoginShell()'s markup. */
  shell: string;
  /** The document title the app sets for /login. */
  title: string;
  /** The rules of the style sheets that the shell's markup uses (build/critical-css.ts). */
  criticalCss: string;
  /** Chunks the sign-in page imports, fetched beside the entry rather than after it has run. */
  modules: readonly string[];
  /** Style sheets of those chunks (PrimeReact's button base). */
  styles: readonly string[];
};

/**
 * index.html with the sign-in screen painted before #root, styled by the rules it uses inlined in the head. The
 * style sheets are fetched at once but no longer hold the first paint; the app attaches them before it renders
 * (login-shell-handoff.ts), after the inline rules, so they cascade as they do on every other page.
 *
 * The copy is inert: what is typed into it would be lost when the app replaces it, so it takes no focus or clicks
 * until then (about the time the scripts take to load). Without scripts it is hidden and the <noscript> message
 * shows.
 */
export function buildLoginHtml({ indexHtml, shell, title, criticalCss, modules, styles }: LoginHtml): string {
  if (criticalCss.includes('</')) throw new Error('the inline rules would close their <style> element');
  const head = [
    ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ];
  const body = `<div id="${LOGIN_SHELL_ID}" inert>${shell}</div>\n    <noscript><style>#${LOGIN_SHELL_ID} { display: none; }</style></noscript>\n    <div id="root"></div>`;
  const html = indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>\n    <style>${criticalCss}</style>`)
    .replaceAll('<link rel="stylesheet"', '<link rel="preload" as="style"')
    .replace('</head>', `  ${head.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', body);
  if (!html.includes(`id="${LOGIN_SHELL_ID}"`) || !html.includes(`<title>${title}</title>`)) {
    throw new Error('index.html has no <title> or no empty <div id="root"></div> to build login.html from');
  }
  return html;
}
