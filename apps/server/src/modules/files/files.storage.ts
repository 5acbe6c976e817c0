// Private file storage: a local folder by default. Keys are random; names never come from the user.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type Storage = {
  put: (key: string, bytes: Buffer) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  remove: (key: string) => Promise<void>;
};

export function localStorage(root: string): Storage {
  const full = (key: string) => {
    if (!/^[a-z0-9-]+$/i.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(root, key);
  };
  return {
    put: async (key, bytes) => {
      await mkdir(root, { recursive: true });
      await writeFile(full(key), bytes);
    },
    get: async (key) => {
      try {
        return await readFile(full(key));
      } catch {
        return null;
      }
    },
    remove: async (key) => rm(full(key), { force: true }),
  };
}
