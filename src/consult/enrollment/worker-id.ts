import { AppError } from '../../core/app-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A worker id as the admin typed it: a UUID (as `admin list` prints), or a bad_input error. */
export function parseWorkerId(id: string): string {
  const trimmed = id.trim();
  if (!UUID.test(trimmed)) throw new AppError('bad_input', `"${trimmed}" is not a health worker id (see npm run admin -- list)`);
  return trimmed.toLowerCase();
}
