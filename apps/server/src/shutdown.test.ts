import { once } from 'node:events';
import { Agent, type IncomingMessage, request } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { adminCredentials, startTestServer, type TestServer } from '../test/support/harness';
import { sendRaw } from '../test/support/rawHttp';

const agents: Agent[] = [];
function keepAliveAgent(): Agent {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
}
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

/** Resolves when the socket has closed (at once if it already has). */
function closed(socket: Socket): Promise<unknown> {
  return socket.destroyed ? Promise.resolve() : once(socket, 'close');
}

describe('shutdown', () => {
  let server: TestServer;

  it('closes an idle keep-alive connection at once and resolves', async () => {
    server = await startTestServer();
    const idle = await sendRaw(server.url, { path: '/api/signup-sheets', agent: keepAliveAgent() });
    expect(idle.status).toBe(200);
    expect(idle.socket.destroyed).toBe(false);
    const idleClosed = closed(idle.socket);
    await server.stop();
    await idleClosed;
  });

  it('finishes a request still in flight, answers it with Connection: close, and then resolves', async () => {
    server = await startTestServer();
    const idle = await sendRaw(server.url, { path: '/api/signup-sheets', agent: keepAliveAgent() });
    const idleClosed = closed(idle.socket);

    // A login whose body is still on the way when shutdown begins.
    const body = JSON.stringify({ email: adminCredentials.email, password: adminCredentials.password });
    const login = request(new URL('/api/auth/login', server.url), {
      method: 'POST',
      agent: keepAliveAgent(),
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });
    const received = once(server.server, 'request');
    const socket = once(login, 'socket') as Promise<[Socket]>;
    login.write(body.slice(0, 10));
    await received;

    const stopping = server.stop();
    const answered = once(login, 'response') as Promise<[IncomingMessage]>;
    login.end(body.slice(10));
    const [res] = await answered;
    res.resume();
    await once(res, 'end');
    expect(res.statusCode).toBe(200);
    expect(res.headers.connection).toBe('close');

    await stopping;
    await idleClosed;
    const [loginSocket] = await socket;
    await closed(loginSocket);
  });
});
