import { HttpStatus } from '@nestjs/common';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../common/errors/app-error';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from './image-processing';
import type { UploadedPart } from './images.service';

/** Limits of one upload route's multipart body (busboy's limits, per request). */
export interface UploadLimits {
  /** The form field the files come in; a file in any other field is refused as one too many. */
  fileField: string;
  files: number;
  fields: number;
  /** Bytes of one field value (a longer one is refused). */
  fieldSize: number;
  parts: number;
  /** Past this a file is refused outright (the request is cut). */
  fileSize: number;
  /** Bytes kept per file: a larger file (up to fileSize) is drained and handed over without `buffer`. */
  keepBytes: number;
}

/** Why an upload was refused before the route looked at it (the route words it). */
export type UploadRefusal = 'tooLarge' | 'tooMany' | 'failed';

/** The route's words for each refusal: status and message. */
export type UploadAnswers = Record<UploadRefusal, [HttpStatus, string]>;

/** The files (bytes kept only within `keepBytes`) and the text fields of a multipart body. */
export interface UploadedForm {
  files: UploadedPart[];
  /** The text fields (a repeated name: an array); a body that is not multipart: its parsed fields as they are. */
  fields: Record<string, unknown>;
}

/** Limits of the image library's upload: up to IMAGE_MAX_FILES + 1 files so the service answers "too many" in words. */
export const IMAGE_UPLOAD_LIMITS: UploadLimits = {
  fileField: 'files',
  files: IMAGE_MAX_FILES + 1,
  fields: 10,
  fieldSize: 1024,
  parts: IMAGE_MAX_FILES + 11,
  // Nobody uploads 64 MB photos here: past that the request is cut.
  fileSize: 64 * 1024 * 1024,
  keepBytes: IMAGE_MAX_BYTES,
};

class Refused extends Error {
  constructor(readonly reason: UploadRefusal) {
    super(reason);
  }
}

/** @fastify/multipart's (and busboy's) errors in our three words. */
function refusalOf(err: unknown): UploadRefusal {
  if (err instanceof Refused) return err.reason;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return 'tooLarge';
  if (code === 'FST_FILES_LIMIT') return 'tooMany';
  return 'failed';
}

/**
 * Reads one file part into memory up to `keep` bytes; past that the bytes read are dropped and the
 * rest is drained (no `buffer`), so the answer can name every oversized file instead of stopping at
 * the first. Memory is bounded by files × keepBytes.
 */
async function readPart(part: MultipartFile, keep: number): Promise<UploadedPart> {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (over) continue;
    if (size > keep) {
      over = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
  }
  if (part.file.truncated) throw new Refused('tooLarge');
  return over ? { originalname: part.filename, size } : { originalname: part.filename, size, buffer: Buffer.concat(chunks, size) };
}

function addField(fields: UploadedForm['fields'], name: string, value: string): void {
  const had = fields[name];
  if (had === undefined) fields[name] = value;
  else if (Array.isArray(had)) had.push(value);
  else fields[name] = [had, value];
}

/**
 * The multipart body of an upload route (@fastify/multipart, streamed: nothing is read before the
 * route's guards passed). A request that is not multipart yields no files and its parsed body as
 * the fields (a JSON `{dryRun: 1}` without a file is answered "choose a file" by the route). A
 * refusal (a file past `fileSize`, too many files or a file in another field, too many fields or
 * parts, a field value too long, a malformed body) stops reading, drains the rest of the request
 * and throws the route's answer for it.
 */
export async function readUpload(req: FastifyRequest, limits: UploadLimits, answers: UploadAnswers): Promise<UploadedForm> {
  const form: UploadedForm = { files: [], fields: {} };
  if (!req.isMultipart()) {
    const body: unknown = req.body;
    if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) form.fields = { ...(body as Record<string, unknown>) };
    return form;
  }
  try {
    const parts: AsyncIterableIterator<Multipart> = req.parts({
      limits: { files: limits.files, fields: limits.fields, fieldSize: limits.fieldSize, parts: limits.parts, fileSize: limits.fileSize },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== limits.fileField) throw new Refused(part.fieldname ? 'tooMany' : 'failed');
        form.files.push(await readPart(part, limits.keepBytes));
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new Refused('failed');
        addField(form.fields, part.fieldname, String(part.value));
      }
    }
  } catch (err) {
    // The rest of the body is read and dropped, so the answer goes out on a connection that stays usable.
    req.raw.unpipe();
    req.raw.resume();
    const [status, message] = answers[refusalOf(err)];
    throw new AppError(message, status);
  }
  return form;
}
