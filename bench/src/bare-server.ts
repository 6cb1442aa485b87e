import Fastify from 'fastify';

/**
 * The reference point of the large benchmark: Fastify answering a constant
 * JSON object, with no plugins and no logging. Run as its own process, like
 * the server, so neither shares an event loop with the load generator.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT);
await app.listen({ host: '127.0.0.1', port });

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
