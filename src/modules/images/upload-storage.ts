import type { Request } from 'express';
import type { Readable } from 'node:stream';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from './image-processing';
import type { UploadedPart } from './images.service';

type Callback = (err: Error | null, info?: Partial<UploadedPart>) => void;

/**
 * A multer storage engine that keeps each file in memory up to IMAGE_MAX_BYTES and, past that,
 * drops what it read and drains the rest (no `buffer`), so the answer can name every oversized
 * file instead of stopping at the first (as multer's own fileSize limit does). Memory is bounded
 * by IMAGE_MAX_FILES × IMAGE_MAX_BYTES.
 */
export const cappedMemoryStorage = {
  _handleFile(_req: Request, file: { stream: Readable }, cb: Callback): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    file.stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (over) return;
      if (size > IMAGE_MAX_BYTES) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    file.stream.on('error', (err: Error) => cb(err));
    file.stream.on('end', () => cb(null, over ? { size } : { size, buffer: Buffer.concat(chunks, size) }));
  },
  _removeFile(_req: Request, file: { buffer?: Buffer }, cb: (err: Error | null) => void): void {
    delete file.buffer;
    cb(null);
  },
};

/** multer options of the upload route (FilesInterceptor). */
export const UPLOAD_OPTIONS = {
  storage: cappedMemoryStorage,
  defParamCharset: 'utf8',
  limits: {
    // One more than allowed so the service answers "too many" in words, not multer's error.
    files: IMAGE_MAX_FILES + 1,
    fields: 10,
    fieldSize: 1024,
    parts: IMAGE_MAX_FILES + 11,
    // Past this a file is refused outright (the request is cut): nobody uploads 64 MB photos here.
    fileSize: 64 * 1024 * 1024,
  },
};
