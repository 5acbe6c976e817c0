// login.html paints a static copy of the sign-in screen (login-shell.tsx) styled by inline rules, defers the style
// sheets, and keeps #root hidden below the copy (styles.css: `#login-shell ~ #root`). The app attaches the sheets
// before it renders, then the copy stays until the app has more than a loading state to show, and goes in the same
// task as that commit, before the next paint: the app's screen replaces it in place, element for element, without
// a flash of the loading spinner in between.
import { LOGIN_SHELL_ID } from './login-shell-id';

/** Turns the style sheets login.html preloads into style sheets; resolves when they have loaded (or failed). */
export function attachDeferredStyles(): Promise<void> {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  const loads = [...preloads].map(
    (preload) =>
      new Promise<void>((resolve) => {
        const sheet = document.createElement('link');
        sheet.rel = 'stylesheet';
        sheet.onload = sheet.onerror = () => resolve();
        // The attributes as written: the CORS mode must match the preload's for its response to be reused, and Vite's
        // chunk loader looks for the href before it adds a sheet a second time.
        for (const name of ['crossorigin', 'href']) {
          const value = preload.getAttribute(name);
          if (value !== null) sheet.setAttribute(name, value);
        }
        preload.replaceWith(sheet);
      }),
  );
  return Promise.all(loads).then(() => undefined);
}

/** `signedIn`: the sign-in page will not show (its guard sends the user on), so the copy goes at once. */
export function handOverLoginShell({ root, signedIn }: { root: HTMLElement; signedIn: boolean }): void {
  const shell = document.getElementById(LOGIN_SHELL_ID);
  if (!shell) return;
  if (signedIn) {
    shell.remove();
    return;
  }
  // The loading state (ui/status-states.tsx) is what the public frame shows while the page's chunk loads; the page,
  // a redirect or an error page all replace it.
  const observer = new MutationObserver(() => {
    if (!root.firstElementChild || root.querySelector('.state-loading')) return;
    observer.disconnect();
    shell.remove();
  });
  observer.observe(root, { childList: true, subtree: true });
}
