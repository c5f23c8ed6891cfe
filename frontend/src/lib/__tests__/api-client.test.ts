// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, apiRequest } from "../api-client";

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let baseUrl: string;
let seen: SeenRequest[];

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });

    const path = request.url!;
    if (path === "/api/user/7") return sendJson(response, 200, { id: 7, username: "degen" });
    if (path === "/api/user/register") return sendJson(response, 200, { id: 8, ...JSON.parse(body) });
    if (path === "/api/withdraw") return response.writeHead(204).end();
    if (path === "/api/teapot") return sendText(response, 418, "I'm a teapot", "");
    if (path === "/api/bad") return sendText(response, 400, "Bad Request", '{"error":"amount must be above 0"}');
    sendText(response, 404, "Not Found", "no such route");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
});

function sendJson(response: import("node:http").ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
}

function sendText(response: import("node:http").ServerResponse, status: number, statusText: string, body: string) {
  response.writeHead(status, statusText, { "Content-Type": "text/plain" }).end(body);
}

describe("apiRequest", () => {
  it("sends a JSON body with a JSON content type and parses the JSON answer", async () => {
    const user = await apiRequest<{ id: number; walletAddress: string }>("POST", `${baseUrl}/api/user/register`, {
      walletAddress: "0xabc",
      username: "degen",
    });
    expect(user).toEqual({ id: 8, walletAddress: "0xabc", username: "degen" });
    expect(seen[0].method).toBe("POST");
    expect(seen[0].headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[0].body)).toEqual({ walletAddress: "0xabc", username: "degen" });
  });

  it("sends no content type when there is no body", async () => {
    await apiRequest("GET", `${baseUrl}/api/user/7`);
    expect(seen[0].headers["content-type"]).toBeUndefined();
    expect(seen[0].body).toBe("");
  });

  it("returns null for an empty successful answer", async () => {
    await expect(apiRequest("POST", `${baseUrl}/api/withdraw`, { token: "BNB", amount: 1 })).resolves.toBeNull();
  });

  it("turns a non-OK answer into '{status}: {body text}'", async () => {
    const error = await apiRequest("POST", `${baseUrl}/api/bad`, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"error":"amount must be above 0"}');
    expect((error as ApiError).status).toBe(400);
  });

  it("uses the status text when the error body is empty", async () => {
    await expect(apiRequest("GET", `${baseUrl}/api/teapot`)).rejects.toThrow(/^418: I'm a teapot$/);
  });

  it("includes cookies", async () => {
    const calls: RequestInit[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      calls.push(init ?? {});
      return realFetch(input, init);
    };
    try {
      await apiRequest("GET", `${baseUrl}/api/user/7`);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(calls.map((init) => init.credentials)).toEqual(["include"]);
  });
});
