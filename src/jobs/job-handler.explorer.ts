import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { jobHandlerNameOf } from './job-handler.decorator';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobHandlerFn, JobOf } from './job-types';

/** Finds every `@JobHandler` method on singleton providers and registers it. */
@Injectable()
export class JobHandlerExplorer implements OnModuleInit {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly registry: JobHandlerRegistry,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!wrapper.isDependencyTreeStatic() || typeof instance !== 'object' || instance === null) continue;
      const prototype = Object.getPrototypeOf(instance) as object | null;
      if (!prototype) continue;
      for (const methodName of this.scanner.getAllMethodNames(prototype)) {
        const method: unknown = (instance as Record<string, unknown>)[methodName];
        const name = jobHandlerNameOf(method);
        if (!name || typeof method !== 'function') continue;
        const owner = `${wrapper.name.toString()}.${methodName}`;
        const bound: JobHandlerFn = (job: JobOf) => (method as JobHandlerFn).call(instance, job);
        this.registry.register(name, bound, owner);
        this.logger.debug(`job ${name} → ${owner}`);
      }
    }
  }
}
