import superjson from 'superjson';

/**
 * A tRPC failure a fake procedure answers with: the code and the sentence the server would send,
 * and its reason and field (without a reason, the code's, as the server gives an error it did not
 * refuse on purpose: 'notFound', 'badRequest').
 */
export class FakeTrpcError extends Error {
  constructor(
    readonly code: 'CONFLICT' | 'BAD_REQUEST' | 'NOT_FOUND' | 'UNAUTHORIZED' | 'FORBIDDEN',
    message: string,
    readonly refusal: { reason?: string; field?: string; slotId?: number } = {},
  ) {
    super(message);
  }

  get reason(): string {
    return this.refusal.reason ?? this.code.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  }
}

const status: Record<FakeTrpcError['code'], { json: number; http: number }> = {
  BAD_REQUEST: { json: -32600, http: 400 },
  UNAUTHORIZED: { json: -32001, http: 401 },
  FORBIDDEN: { json: -32003, http: 403 },
  NOT_FOUND: { json: -32004, http: 404 },
  CONFLICT: { json: -32009, http: 409 },
};

/** What a fake procedure does with its (deserialised) input: a value, or a thrown FakeTrpcError. */
export type FakeProcedure = (input: unknown) => unknown;

export interface FakeTrpc {
  fetch: typeof fetch;
  /** The procedures called so far, in order, with their inputs. */
  calls: { path: string; input: unknown }[];
}

/**
 * A fetch that answers the app's batched, superjson-encoded tRPC requests from `procedures`, as
 * the server would. A procedure it does not know answers NOT_FOUND.
 */
export function fakeTrpc(procedures: Record<string, FakeProcedure>): FakeTrpc {
  const calls: FakeTrpc['calls'] = [];
  const fetchImpl = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const paths = decodeURIComponent(url.pathname.replace(/^.*\/trpc\//, '')).split(',');
    const rawBody = init?.body ?? url.searchParams.get('input') ?? '{}';
    const inputs = JSON.parse(typeof rawBody === 'string' ? rawBody : '{}') as Record<string, unknown>;
    let httpStatus = 200;
    const answers = paths.map((path, index) => {
      const raw = inputs[String(index)] as Parameters<typeof superjson.deserialize>[0] | undefined;
      const value = raw === undefined ? undefined : superjson.deserialize(raw);
      calls.push({ path, input: value });
      try {
        const procedure = procedures[path];
        if (!procedure) throw new FakeTrpcError('NOT_FOUND', `No procedure ${path}`);
        return { result: { data: superjson.serialize(procedure(value)) } };
      } catch (error) {
        if (!(error instanceof FakeTrpcError)) throw error;
        httpStatus = paths.length > 1 ? 207 : status[error.code].http;
        return {
          error: superjson.serialize({
            message: error.message,
            code: status[error.code].json,
            data: {
              code: error.code,
              httpStatus: status[error.code].http,
              path,
              reason: error.reason,
              ...(error.refusal.field === undefined ? {} : { field: error.refusal.field }),
              ...(error.refusal.slotId === undefined ? {} : { slotId: error.refusal.slotId }),
            },
          }),
        };
      }
    });
    return Promise.resolve(
      new Response(JSON.stringify(answers), { status: httpStatus, headers: { 'Content-Type': 'application/json' } }),
    );
  };
  return { fetch: fetchImpl, calls };
}
