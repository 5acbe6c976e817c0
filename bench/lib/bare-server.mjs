// The baseline: a bare node:http server answering a small JSON body, the most a Node process can serve here.
// Run as its own process so it shares the machine exactly as the app server does.
import http from 'node:http';

const body = JSON.stringify({ status: 'OK', statusCode: 200, message: 'Success', data: { hello: 'world' } });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
