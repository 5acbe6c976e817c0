// login.html's sign-in screen: what the build renders into it (login-shell.tsx, build/critical-css.ts) and how the
// app takes its place (login-shell-handoff.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { criticalCss } from '../../../build/critical-css';
import { attachDeferredStyles, handOverLoginShell } from './login-shell-handoff';
import { buildLoginHtml, renderLoginShell } from './login-shell';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Spirit Exchange</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-a.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the prerendered sign-in screen', () => {
  it('is the login page in the public frame', () => {
    const shell = renderLoginShell();
    expect(shell).toContain('<h1 id="page-title">Sign in</h1>');
    for (const field of ['email', 'password', 'show-password', 'login-captcha'])
      expect(shell).toContain(`id="${field}"`);
    expect(shell).toContain('Login with Password');
    expect(shell).toContain('Sign In');
    expect(shell).toContain('<header class="public-header">');
    expect(shell).not.toContain('<script');
  });

  it('goes into index.html before #root, inert, with the page title, its rules inline and the sheets deferred', () => {
    const html = buildLoginHtml({
      indexHtml: INDEX_HTML,
      shell: '<form>shell</form>',
      title: 'Login | Spirit Exchange',
      criticalCss: '.card{padding:1rem}',
      modules: ['/assets/login-page-b.js'],
      styles: ['/assets/button-c.css'],
    });
    expect(html).toContain('<title>Login | Spirit Exchange</title>\n    <style>.card{padding:1rem}</style>');
    expect(html).toMatch(/<div id="login-shell" inert><form>shell<\/form><\/div>[\s\S]*<div id="root"><\/div>/);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/index-a.css">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/button-c.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page-b.js">');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    // No inline script: the Content-Security-Policy allows scripts from files only.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('refuses an index.html it cannot place the shell in', () => {
    const build = () =>
      buildLoginHtml({
        indexHtml: INDEX_HTML.replace('<div id="root"></div>', '<div id="app"></div>'),
        shell: '',
        title: 'Login',
        criticalCss: '',
        modules: [],
        styles: [],
      });
    expect(build).toThrow(/root/);
  });
});

describe('the inline rules', () => {
  // Files rather than `?raw` imports: the test runner hands style sheets to tests empty.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const theme = readFileSync(
    createRequire(import.meta.url).resolve('primereact/resources/themes/lara-light-blue/theme.css'),
    'utf8',
  );
  const styles = readFileSync(path.join(here, '../../app/styles.css'), 'utf8');
  const shell = renderLoginShell();
  const css = criticalCss({
    html: `<body><div id="login-shell">${shell}</div><div id="root"></div></body>`,
    css: `${theme}\n${styles}`,
  });

  it('keep what draws the sign-in screen, its background and the hidden root', () => {
    for (const rule of [
      '.auth-card',
      '.captcha-box',
      '.p-tabview .p-tabview-nav',
      '.p-inputtext',
      '#login-shell ~ #root',
    ])
      expect(css).toContain(rule);
    expect(css).toMatch(/body:has\(> ?#login-shell\)/);
    expect(css).toMatch(/@media \(max-width: 480px\)\s*\{[^@]*\.login-tabs \.p-tabview-title/);
  });

  it('leave out what the sign-in screen does not use', () => {
    for (const rule of ['.app-header', '.figure-card', '.p-datatable', '@font-face', '@keyframes', '.p-dialog'])
      expect(css).not.toContain(rule);
    expect(css.length).toBeLessThan((theme.length + styles.length) / 5);
  });
});

describe('the hand-over to the app', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  function page(): HTMLElement {
    document.body.innerHTML = '<div id="login-shell" inert><form></form></div><div id="root"></div>';
    return document.getElementById('root')!;
  }

  it('keeps the static screen while the app shows its loading state, then removes it', async () => {
    const root = page();
    handOverLoginShell({ root, signedIn: false });
    root.innerHTML = '<div class="public-frame"><main><div class="state state-loading">Loading…</div></main></div>';
    await Promise.resolve();
    expect(document.getElementById('login-shell')).not.toBeNull();
    root.querySelector('main')!.innerHTML = '<section class="card"><h1>Sign in</h1></section>';
    await Promise.resolve();
    expect(document.getElementById('login-shell')).toBeNull();
  });

  it('removes it for whatever else the app shows instead: a redirect, an error', async () => {
    const root = page();
    handOverLoginShell({ root, signedIn: false });
    root.innerHTML = '<main><div class="state state-error" role="alert">This page could not be loaded.</div></main>';
    await Promise.resolve();
    expect(document.getElementById('login-shell')).toBeNull();
  });

  it('removes it at once for a signed-in user, whom the sign-in page sends on', () => {
    const root = page();
    handOverLoginShell({ root, signedIn: true });
    expect(document.getElementById('login-shell')).toBeNull();
  });

  it('turns the preloaded style sheets into style sheets with the same href', async () => {
    document.head.innerHTML = '<link rel="preload" as="style" crossorigin href="/assets/index-a.css">';
    const attached = attachDeferredStyles();
    const sheet = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
    expect(sheet.getAttribute('href')).toBe('/assets/index-a.css');
    expect(sheet.getAttribute('crossorigin')).toBe('');
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
    sheet.dispatchEvent(new Event('load'));
    await expect(attached).resolves.toBeUndefined();
  });

  it('has nothing to wait for on index.html', async () => {
    await expect(attachDeferredStyles()).resolves.toBeUndefined();
  });
});
