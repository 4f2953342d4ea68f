/** Sends bytes exactly as written over a TCP socket and returns everything the server sent. */
export async function rawHttp(url: string, request: string | Uint8Array): Promise<string> {
  const { hostname, port } = new URL(url);
  let out = "";
  let finished!: () => void;
  const done = new Promise<void>((r) => (finished = r));
  const socket = await Bun.connect({
    hostname,
    port: Number(port),
    socket: { data: (_s, d) => void (out += d.toString()), close: () => finished(), error: () => finished(), end: () => finished() },
  });
  socket.write(request);
  socket.flush();
  await done;
  return out;
}

/** The JSON body of a raw HTTP/1.1 response. */
export function rawJson(response: string): any {
  return JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4));
}
