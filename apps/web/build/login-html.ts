// Writes dist/login.html: index.html with the sign-in screen prerendered into it, which the server answers /login
// with (apps/server/src/plugins/web.ts; docs/decisions.md "Web: the first paint of /login"). The markup comes from the
// React page itself, loaded through Vite's SSR module loader once the client build is written.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, defaultServerConditions, type Manifest, type Plugin } from 'vite';
import type * as Routes from '../src/app/routes';
import type * as LoginShell from '../src/features/auth/login-shell';
import { LOGIN_SHELL_ID } from '../src/features/auth/login-shell-id.ts';
import { criticalCss } from './critical-css.ts';
import { precompressFile } from './precompress.ts';

const LOGIN_PAGE = 'src/features/auth/pages/login-page.tsx';

/** The chunks a manifest entry imports statically, itself included, and their style sheets. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dependency of manifest[key].imports ?? []) closure(manifest, dependency, seen);
  return seen;
}

type Assets = {
  /** The sign-in page's chunks that index.html does not already load. */
  modules: string[];
  /** Their style sheets that index.html does not already load. */
  styles: string[];
  /** Every style sheet /login uses, index.html's included, as files under dist. */
  allStyles: string[];
};

function loginPageAssets(manifest: Manifest): Assets {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry || !manifest[LOGIN_PAGE]) throw new Error(`the manifest has no entry or no ${LOGIN_PAGE}`);
  const loaded = closure(manifest, entry);
  const page = [...closure(manifest, LOGIN_PAGE)].filter((key) => !loaded.has(key));
  const cssOf = (keys: Iterable<string>) => [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
  const entryStyles = cssOf(loaded);
  const pageStyles = cssOf(page).filter((file) => !entryStyles.includes(file));
  return {
    modules: page.map((key) => `/${manifest[key]!.file}`),
    styles: pageStyles.map((file) => `/${file}`),
    allStyles: [...entryStyles, ...pageStyles],
  };
}

export function loginHtml(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'spirit:login-html',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        plugins: [react()],
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const shell = (await server.ssrLoadModule('/src/features/auth/login-shell.tsx')) as typeof LoginShell;
        const routes = (await server.ssrLoadModule('/src/app/routes.tsx')) as typeof Routes;
        const route = routes.ROUTES.find((r) => r.path === '/login');
        const { modules, styles, allStyles } = loginPageAssets(manifest);
        const markup = shell.renderLoginShell();
        const css = await Promise.all(allStyles.map((file) => readFile(path.join(outDir, file), 'utf8')));
        const html = shell.buildLoginHtml({
          indexHtml,
          shell: markup,
          // As use-document-title.ts sets it once the app runs.
          title: `${route?.title ?? 'Login'} | Spirit Exchange`,
          // The shell sits in <body> beside #root, as in login.html, for the rules that place it.
          criticalCss: criticalCss({
            html: `<body><div id="${LOGIN_SHELL_ID}">${markup}</div><div id="root"></div></body>`,
            css: css.join('\n'),
          }),
          modules,
          styles,
        });
        const file = path.join(outDir, 'login.html');
        await writeFile(file, html);
        await precompressFile(file);
      } finally {
        await server.close();
      }
    },
  };
}
