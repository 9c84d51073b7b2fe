/** A same-origin path (starts with one slash, not `//` or `/\`), to avoid open redirects. */
export function isSafePath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}
