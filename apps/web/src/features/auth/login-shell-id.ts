/** The element of login.html that holds the static sign-in screen (login-shell.tsx, login-shell-handoff.ts). */
export const LOGIN_SHELL_ID = 'login-shell';
