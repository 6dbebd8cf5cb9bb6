/** True when every promise settled (resolved or rejected) within `ms` milliseconds; never rejects. */
export async function settlesWithin(promises: Promise<unknown> | Promise<unknown>[], ms: number): Promise<boolean> {
  const all = Array.isArray(promises) ? promises : [promises];
  if (all.length === 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([Promise.allSettled(all).then(() => true), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
