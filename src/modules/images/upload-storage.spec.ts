import fastifyMultipart from '@fastify/multipart';
import { HttpException, HttpStatus } from '@nestjs/common';
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { IMAGE_MAX_BYTES } from './image-processing';
import { IMAGE_UPLOAD_LIMITS, readUpload, type UploadAnswers, type UploadLimits } from './upload-storage';

const ANSWERS: UploadAnswers = {
  tooLarge: [HttpStatus.PAYLOAD_TOO_LARGE, 'too large'],
  tooMany: [HttpStatus.BAD_REQUEST, 'too many'],
  failed: [HttpStatus.BAD_REQUEST, 'failed'],
};
const SMALL: UploadLimits = { fileField: 'file', files: 1, fields: 5, fieldSize: 1024, parts: 6, fileSize: 1024, keepBytes: 1024 };

/** A real Fastify server with @fastify/multipart: each route answers what readUpload made of the body, or its refusal. */
async function server(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES } });
  const route = (path: string, limits: UploadLimits) =>
    app.post(path, async (req, reply) => {
      try {
        const form = await readUpload(req, limits, ANSWERS);
        return { files: form.files.map((f) => ({ name: f.originalname, size: f.size, kept: f.buffer?.length ?? null })), fields: form.fields };
      } catch (err) {
        if (!(err instanceof HttpException)) throw err;
        return reply.code(err.getStatus()).send(err.getResponse());
      }
    });
  route('/images', IMAGE_UPLOAD_LIMITS);
  route('/small', SMALL);
  await app.ready();
  return app;
}

describe('readUpload (@fastify/multipart)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await server();
  });
  afterAll(() => app.close());

  it('keeps files up to keepBytes with their names (UTF-8) and the fields; a larger file is drained and handed over without bytes', async () => {
    const res = await request(app.server)
      .post('/images')
      .field('folder', '橫幅')
      .attach('files', Buffer.alloc(IMAGE_MAX_BYTES, 1), '晨光 photo.jpg')
      .attach('files', Buffer.alloc(IMAGE_MAX_BYTES + 1, 1), 'big.png');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      files: [
        { name: '晨光 photo.jpg', size: IMAGE_MAX_BYTES, kept: IMAGE_MAX_BYTES },
        { name: 'big.png', size: IMAGE_MAX_BYTES + 1, kept: null },
      ],
      fields: { folder: '橫幅' },
    });
  });

  it('a body that is not multipart gives no files and its parsed fields', async () => {
    const res = await request(app.server).post('/small').send({ dryRun: 1 });
    expect(res.body).toEqual({ files: [], fields: { dryRun: 1 } });
  });

  it('refuses a file past fileSize, a second file, a file in another field, a long value and too many fields, and the server goes on answering', async () => {
    const agent = request.agent(app.server);
    const big = await agent.post('/small').attach('file', Buffer.alloc(1025, 1), 'a.csv');
    expect([big.status, big.body.message]).toEqual([413, 'too large']);
    const huge = await agent.post('/small').attach('file', Buffer.alloc(5 * 1024 * 1024, 1), 'a.csv').field('dryRun', '1');
    expect([huge.status, huge.body.message]).toEqual([413, 'too large']);
    const two = await agent.post('/small').attach('file', Buffer.from('a'), 'a.csv').attach('file', Buffer.from('b'), 'b.csv');
    expect([two.status, two.body.message]).toEqual([400, 'too many']);
    const other = await agent.post('/small').attach('photo', Buffer.from('a'), 'a.csv');
    expect([other.status, other.body.message]).toEqual([400, 'too many']);
    const long = await agent.post('/small').field('dryRun', 'x'.repeat(1025));
    expect([long.status, long.body.message]).toEqual([400, 'failed']);
    let many = agent.post('/small');
    for (let i = 0; i < 6; i++) many = many.field(`f${i}`, '1');
    const tooMany = await many;
    expect([tooMany.status, tooMany.body.message]).toEqual([400, 'failed']);
    const broken = await agent.post('/small').set('Content-Type', 'multipart/form-data; boundary=x').send('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb');
    expect([broken.status, broken.body.message]).toEqual([400, 'failed']);
    const fine = await agent.post('/small').field('dryRun', '0').attach('file', Buffer.from('a,b\n'), 'p.csv');
    expect(fine.body).toEqual({ files: [{ name: 'p.csv', size: 4, kept: 4 }], fields: { dryRun: '0' } });
  });

  it('answers too many files past the image library limit', async () => {
    let req = request(app.server).post('/images');
    for (let i = 0; i < IMAGE_UPLOAD_LIMITS.files + 1; i++) req = req.attach('files', Buffer.from('x'), `p${i}.png`);
    const res = await req;
    expect([res.status, res.body.message]).toEqual([400, 'too many']);
  });
});
