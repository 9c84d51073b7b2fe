/**
 * A same-origin path (one leading slash, not `//` or `/\`, no backslash or control character
 * anywhere: a browser reads `/\t/evil.example` as `//evil.example`), to avoid open redirects.
 */
export function isSafePath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f\\]/.test(path)
  );
}
