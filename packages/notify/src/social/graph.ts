import { excerpt, HttpFailure, oneLine, redact, sendHttp } from './http';

/** Where and as whom to call the Facebook Graph API (FACEBOOK_PAGE_ID, FACEBOOK_ACCESS_TOKEN, INSTAGRAM_USER_ID, GRAPH_API_BASE_URL). */
export type GraphConfig = {
  /** The API root including the version, e.g. 'https://graph.facebook.com/v21.0'. */
  baseUrl: string;
  pageId?: string;
  accessToken?: string;
  instagramUserId?: string;
  /** Limit for each request in milliseconds; defaults to 15 s. */
  timeoutMs?: number;
};

export type GraphErrorKind = 'api' | 'http' | 'timeout' | 'network' | 'config';

export type GraphErrorDetails = {
  kind: GraphErrorKind;
  /** HTTP status of the answer, when there was one. */
  status?: number;
  /** Graph's own error fields, when it sent a Graph error body. */
  type?: string;
  code?: number;
  subcode?: number;
  fbtraceId?: string;
};

/**
 * Any failure of a Graph call. The message is a sentence a person can act on, e.g.
 * 'Facebook said: Invalid OAuth access token. …'; it never contains the access token.
 */
export class GraphError extends Error {
  override readonly name = 'GraphError';
  readonly kind: GraphErrorKind;
  readonly status?: number;
  readonly type?: string;
  readonly code?: number;
  readonly subcode?: number;
  readonly fbtraceId?: string;

  /** `cause`, when given, must not hold the token (HttpFailure messages are already scrubbed). */
  constructor(message: string, details: GraphErrorDetails, options?: ErrorOptions) {
    super(message, options);
    this.kind = details.kind;
    this.status = details.status;
    this.type = details.type;
    this.code = details.code;
    this.subcode = details.subcode;
    this.fbtraceId = details.fbtraceId;
  }
}

export type GraphParams = Record<string, string | number | boolean | undefined>;
export type GraphObject = Record<string, unknown>;

export type GraphClient = {
  /** GET `{baseUrl}/{path}?{params}`; the token travels in an Authorization: Bearer header. */
  get(path: string, params?: GraphParams): Promise<GraphObject>;
  /** POST `{baseUrl}/{path}` with the params and the token as a form body. */
  post(path: string, params?: GraphParams): Promise<GraphObject>;
};

/** Path segments joined with '/', each URL-encoded, so an id can never reach another endpoint. */
export function graphPath(...segments: string[]): string {
  return segments.map((s) => encodeURIComponent(s)).join('/');
}

/**
 * A small Graph API client. `service` names the platform in error messages ('Facebook said: …',
 * 'Instagram said: …'). Every call rejects with a GraphError; none ever resolves with an error body.
 */
export function createGraphClient(config: GraphConfig, service = 'Facebook'): GraphClient {
  const secrets = [config.accessToken];
  const fail = (message: string, details: GraphErrorDetails, options?: ErrorOptions): GraphError =>
    new GraphError(redact(message, secrets), details, options);

  function endpoint(path: string): URL {
    let base: URL;
    try {
      base = new URL(config.baseUrl);
    } catch {
      throw fail(`The Graph API address '${config.baseUrl}' is not a valid URL.`, { kind: 'config' });
    }
    if (base.protocol !== 'https:' && base.protocol !== 'http:') {
      throw fail(`The Graph API address must start with https:// (got ${base.protocol}).`, { kind: 'config' });
    }
    base.pathname = `${base.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
    base.search = '';
    base.hash = '';
    return base;
  }

  function token(): string {
    if (!config.accessToken) {
      throw fail(`${service} is not set up: no access token is configured.`, { kind: 'config' });
    }
    return config.accessToken;
  }

  async function call(method: 'GET' | 'POST', path: string, params: GraphParams): Promise<GraphObject> {
    const url = endpoint(path);
    const accessToken = token();
    const fields: [string, string][] = [];
    for (const [k, v] of Object.entries(params)) if (v !== undefined) fields.push([k, String(v)]);
    let body: string | undefined;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'PAC-Hub/1.0' };
    if (method === 'GET') {
      for (const [k, v] of fields) url.searchParams.set(k, v);
      headers.authorization = `Bearer ${accessToken}`;
    } else {
      body = new URLSearchParams([...fields, ['access_token', accessToken]]).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }

    let res;
    try {
      res = await sendHttp({ method, url, headers, body, timeoutMs: config.timeoutMs, service, secrets });
    } catch (err) {
      if (err instanceof HttpFailure) throw fail(err.message, { kind: err.kind }, { cause: err });
      throw fail(`The request to ${service} failed.`, { kind: 'network' });
    }

    const parsed = parseJson(res.text);
    const graphError = readGraphError(parsed);
    if (graphError) {
      throw fail(`${service} said: ${graphError.message}${hintFor(graphError.code)}`, {
        kind: 'api',
        status: res.status,
        type: graphError.type,
        code: graphError.code,
        subcode: graphError.subcode,
        fbtraceId: graphError.fbtraceId,
      });
    }
    if (res.status < 200 || res.status > 299) {
      const text = res.text.trim() ? `: ${excerpt(res.text, 200)}` : '.';
      throw fail(`${service} answered ${res.status} ${res.statusText}`.trim() + text, {
        kind: 'http',
        status: res.status,
      });
    }
    if (!isObject(parsed)) {
      throw fail(`${service} sent an answer that is not a JSON object.`, { kind: 'http', status: res.status });
    }
    return parsed;
  }

  return {
    get: (path, params = {}) => call('GET', path, params),
    post: (path, params = {}) => call('POST', path, params),
  };
}

/** The string `id` of a Graph answer (Graph ids are strings; a number is accepted too). */
export function readId(data: GraphObject, service: string, what: string): string {
  const id = data.id;
  if (typeof id === 'string' && id) return id;
  if (typeof id === 'number') return String(id);
  throw new GraphError(`${service} did not return an id for the ${what}.`, { kind: 'http' });
}

export function readString(data: GraphObject, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' ? value : undefined;
}

// ---------------------------------------------------------------------------------------------

function isObject(value: unknown): value is GraphObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type ParsedGraphError = { message: string; type?: string; code?: number; subcode?: number; fbtraceId?: string };

/** Graph errors look like `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
function readGraphError(body: unknown): ParsedGraphError | null {
  if (!isObject(body) || !isObject(body.error)) return null;
  const e = body.error;
  const message =
    (typeof e.error_user_msg === 'string' && e.error_user_msg) ||
    (typeof e.message === 'string' && e.message) ||
    'an unknown error.';
  return {
    message: oneLine(message),
    type: typeof e.type === 'string' ? e.type : undefined,
    code: typeof e.code === 'number' ? e.code : undefined,
    subcode: typeof e.error_subcode === 'number' ? e.error_subcode : undefined,
    fbtraceId: typeof e.fbtrace_id === 'string' ? e.fbtrace_id : undefined,
  };
}

/** A next step for the errors an admin can fix. */
function hintFor(code: number | undefined): string {
  if (code === undefined) return '';
  switch (code) {
    case 190:
    case 102:
      return ' The access token is invalid or has expired: create a new one and update the settings.';
    case 10:
    case 200:
      return ' The access token lacks a permission this needs.';
    case 4:
    case 17:
    case 32:
    case 613:
      return ' Too many requests for now: try again later.';
    default:
      return '';
  }
}
