import { useEffect } from 'react';

/** Puts a class on <body> while the calling page is shown (the login background of the public pages). */
export function useBodyClass(className: string): void {
  useEffect(() => {
    document.body.classList.add(className);
    return () => document.body.classList.remove(className);
  }, [className]);
}
