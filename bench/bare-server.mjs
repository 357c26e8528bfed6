#!/usr/bin/env node
// The baseline for the HTTP benchmarks: a bare Fastify route answering a fixed JSON, in its own process
// (like the app), so the load generator shares the machine with each in the same way.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/readyz', async () => ({ status: 'ok' }));
app.get('/fixed', async () => ({ count: 1, positions: [{ id: 1, name: 'Senior Robotics Engineer' }] }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
