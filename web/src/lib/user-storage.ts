/**
 * Browser storage that belongs to one signed-in user: every key is `seqgen:user:<id>:<name>`, so a
 * user never reads another's data on a shared browser, and sign-out removes all of it at once.
 * Storage can be missing or refuse writes (private windows, quota): then nothing is kept and
 * nothing breaks.
 */

export const USER_KEY_PREFIX = 'seqgen:user:';

export const userKey = (userId: string, name: string): string =>
  `${USER_KEY_PREFIX}${encodeURIComponent(userId)}:${name}`;

/** localStorage, or undefined where the browser has none or denies it. */
export function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readUserItem(storage: Storage | undefined, userId: string, name: string): string | undefined {
  try {
    return storage?.getItem(userKey(userId, name)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** False when the browser refused the write (quota, private mode). */
export function writeUserItem(storage: Storage | undefined, userId: string, name: string, value: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(userKey(userId, name), value);
    return true;
  } catch {
    return false;
  }
}

export function removeUserItem(storage: Storage | undefined, userId: string, name: string): void {
  try {
    storage?.removeItem(userKey(userId, name));
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

/** Sign-out: every user's keys go, not only the current one's (a session may have expired unseen). */
export function clearAllUserData(storage: Storage | undefined = browserStorage()): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(USER_KEY_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing of the user's in it either.
  }
}
