// A browser without JavaScript, over HTTP, for the load test and the bench: it keeps cookies,
// follows redirects as GETs (POST-redirect-GET), and posts a page's forms with their hidden
// fields (the CSRF token among them), as a shopper on a phone with scripts off would.

/** Text inside HTML attributes as the page wrote it. */
const unescape = (text) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

const attribute = (tag, name) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescape(match[1]) : null;
};

/**
 * The first <form> whose markup contains `marker` (a button's text, an input's name…): its
 * action and the fields a browser would send with `submit`, the submit button whose markup
 * contains that text (its name and value go with the form, as a click on it sends them).
 */
export function formOf(html, marker, submit = marker) {
  for (const match of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)) {
    const form = match[0];
    if (!form.includes(marker)) continue;
    const fields = {};
    for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
      const name = attribute(input, "name");
      const type = attribute(input, "type") ?? "text";
      if (!name || ((type === "checkbox" || type === "radio") && !/\schecked=""/.test(input))) continue;
      fields[name] = attribute(input, "value") ?? (type === "checkbox" ? "on" : "");
    }
    const button = [...form.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].find(([, , inner]) =>
      inner.includes(submit),
    );
    const buttonName = button && attribute(button[1], "name");
    if (buttonName) fields[buttonName] = attribute(button[1], "value") ?? "";
    return { action: attribute(form.slice(0, form.indexOf(">") + 1), "action"), fields };
  }
  throw new Error(`nenhum formulário com “${marker}” na página`);
}

export class Browser {
  /** `address` goes in X-Forwarded-For: the store trusts one proxy hop, so each shopper is limited alone. */
  /** `signal` aborts every request in flight (the end of a load test). */
  constructor(baseUrl, { address, headers = {}, timeoutMs = 30_000, onRequest = () => {}, signal } = {}) {
    this.signal = signal;
    this.baseUrl = baseUrl;
    this.address = address;
    this.headers = headers;
    this.timeoutMs = timeoutMs;
    this.onRequest = onRequest;
    this.cookies = new Map();
    /**
     * Statuses that are a page the store answers by design (a "sold out" 409 at the payment):
     * not an error, not thrown; the caller checks the page is the one it expected.
     */
    this.accepted = new Set();
  }

  get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /**
   * One request, timed: `onRequest({ step, ms, status, error })` hears of it. Redirects are
   * followed as GETs (each timed under `${step} → página`); resolves with the last page.
   */
  async request(step, method, target, body) {
    const started = performance.now();
    let response;
    try {
      response = await fetch(new URL(target, this.baseUrl), {
        method,
        redirect: "manual",
        signal: this.signal
          ? AbortSignal.any([this.signal, AbortSignal.timeout(this.timeoutMs)])
          : AbortSignal.timeout(this.timeoutMs),
        headers: {
          ...this.headers,
          ...(this.address ? { "x-forwarded-for": this.address } : {}),
          ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
          ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: body ? new URLSearchParams(body) : undefined,
      });
      const html = await response.text();
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(";");
        const equals = pair.indexOf("=");
        const name = pair.slice(0, equals).trim();
        const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
        if (expired) this.cookies.delete(name);
        else this.cookies.set(name, pair.slice(equals + 1).trim());
      }
      const ms = performance.now() - started;
      const failed = response.status >= 400 && !this.accepted.has(response.status);
      this.onRequest({ step, ms, status: response.status, error: failed ? `HTTP ${response.status}` : null });
      if (failed) throw new Error(`${step}: HTTP ${response.status} em ${method} ${target}`);
      const location = response.headers.get("location");
      if (response.status >= 300 && location) return this.request(`${step} → página`, "GET", location);
      return { status: response.status, html, url: new URL(target, this.baseUrl) };
    } catch (error) {
      if (!response) {
        // fetch's TypeError says only "fetch failed": its cause names the socket's fault (ECONNRESET, UND_ERR_SOCKET…).
        const fault = error.cause?.code ?? error.cause?.name ?? error.name ?? "erro";
        this.onRequest({ step, ms: performance.now() - started, status: 0, error: fault });
      }
      throw error;
    }
  }

  get(step, target) {
    return this.request(step, "GET", target);
  }

  /** Posts the form of `page` that contains `marker`, with `fields` typed in. */
  submit(step, page, marker, fields = {}, submit = marker) {
    const form = formOf(page.html, marker, submit);
    return this.request(step, "POST", form.action ?? page.url.pathname + page.url.search, {
      ...form.fields,
      ...fields,
    });
  }
}
