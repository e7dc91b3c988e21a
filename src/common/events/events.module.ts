import { Global, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { DomainEvents } from './domain-events';

/** Domain events after commit: publish with `DomainEvents`, subscribe with `@OnEvent(name)`. */
@Global()
@Module({
  imports: [EventEmitterModule.forRoot({ wildcard: false, ignoreErrors: false })],
  providers: [DomainEvents],
  exports: [DomainEvents],
})
export class EventsModule {}
