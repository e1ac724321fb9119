// A round-robin load balancer for the multi-instance suite, as small as a real one's behaviour needs: each request
// goes to the next instance; an instance that refuses the connection is taken out and the request goes to the next
// one (it never reached the dead instance, so that is safe for writes); a request an instance dies with answers 502.
import http from 'node:http';

export async function startRoundRobinProxy({ port, targets }) {
  const ports = targets.map((url) => Number(new URL(url).port));
  const down = new Set();
  /** Requests answered by each target, by index. */
  const served = targets.map(() => 0);
  let turn = 0;

  function pick(skip) {
    for (let i = 0; i < ports.length; i++) {
      const index = (turn + i) % ports.length;
      if (!down.has(index) && !skip.has(index)) {
        turn = index + 1;
        return index;
      }
    }
    return null;
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => forward(Buffer.concat(chunks), new Set()));

    function forward(body, tried) {
      const index = pick(tried);
      if (index === null) {
        res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' }).end('No instance is up.\n');
        return;
      }
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: ports[index],
          agent: false,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress },
        },
        (answer) => {
          served[index] += 1;
          res.writeHead(answer.statusCode, answer.headers);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        },
      );
      upstream.on('error', (error) => {
        if (error.code === 'ECONNREFUSED') {
          down.add(index);
          tried.add(index);
          forward(body, tried);
        } else if (!res.headersSent) {
          res
            .writeHead(502, { 'content-type': 'text/plain' })
            .end(`The instance failed: ${error.code ?? error.message}\n`);
        } else {
          res.destroy();
        }
      });
      upstream.end(body);
    }
  });
  // Idle client connections stay open as a real load balancer keeps them (nginx: 75 s; here below Node's 60 s header
  // limit): closing them after 1 s raced the client reusing one, an ECONNRESET that was the proxy's, not the BFF's.
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    down,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
