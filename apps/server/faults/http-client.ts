/** A browser-like client over real HTTP (fetch): keeps cookies and echoes the XSRF token, as the web app does. */
export class HttpClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly origin: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async send(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<{ status: number; retryAfter?: number; json: unknown }> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) this.keep(await fetch(`${this.origin}/sanctum/csrf-cookie`));
    const headers: Record<string, string> = { ...this.headers, accept: 'application/json', cookie: this.cookieHeader() };
    if (method !== 'GET') {
      headers['content-type'] = 'application/json';
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    }
    const response = await fetch(`${this.origin}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keep(response);
    const json: unknown = await response.json().catch(() => null);
    const retryAfter = Number(response.headers.get('retry-after')) || undefined;
    return { status: response.status, retryAfter, json };
  }

  async login(email: string, password: string) {
    const answer = await this.send('POST', '/api/login', { email, password, remember: false });
    if (answer.status !== 200) throw new Error(`login failed: ${answer.status}`);
    return this;
  }
}
