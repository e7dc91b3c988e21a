import { Global, Module } from '@nestjs/common';
import { FastReads } from './fast-reads';

/** The cache-hit fast path's route table, filled by the modules that own the cached reads. */
@Global()
@Module({ providers: [FastReads], exports: [FastReads] })
export class FastReadsModule {}
